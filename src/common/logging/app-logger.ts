import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/**
 * Nest's own start-up chatter (a "Mapped {...} route" line per endpoint, one per module and controller) is
 * logged at Nest's `log` level; here it becomes `debug`, so that `LOG_LEVEL=debug` still shows it.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's LoggerService over pino (nestjs-pino), with the framework's start-up lines turned down. */
@Injectable()
export class AppLogger extends Logger {
  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return super.debug(message, ...optionalParams);
    super.log(message, ...optionalParams);
  }
}
