import { LogLevel } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import PinoPretty from 'pino-pretty';
import type { AppConfig, LogLevelName } from '../app-config';

/** What the root logger is made from: it exists before the application, so it is handed these, not injected. */
export type LogSettings = Pick<AppConfig, 'logFormat' | 'logLevel' | 'logDestination'>;

/** Nest's level names, most verbose first, with pino's name for each. */
const NEST_TO_PINO: [LogLevel, LogLevelName][] = [
  ['verbose', 'trace'],
  ['debug', 'debug'],
  ['log', 'info'],
  ['warn', 'warn'],
  ['error', 'error'],
  ['fatal', 'fatal'],
];

/**
 * The pino level for `createApp`'s Nest-style level list (tests pass `['error']`), or the configured one when
 * there is none: the most verbose level in the list wins, as Nest's list enables each level it names.
 */
export function effectiveLevel(config: LogSettings, nestLevels?: LogLevel[] | false): LogLevelName {
  if (nestLevels === undefined) return config.logLevel;
  if (nestLevels === false) return 'silent';
  return NEST_TO_PINO.find(([nest]) => nestLevels.includes(nest))?.[1] ?? 'silent';
}

/** Request lines carry these fields; text output puts them into the message instead of a JSON tail. */
const REQUEST_FIELDS = ['method', 'route', 'status', 'durationMs'] as const;

function textMessage(log: Record<string, unknown>, messageKey: string): string {
  if (log.durationMs === undefined) return String(log[messageKey] ?? '');
  return `${String(log.method)} ${String(log.route ?? '-')} ${String(log.status)} ${String(log.durationMs)}ms`;
}

/**
 * The one pino logger of an application. Written synchronously (pino's default for stdout): a line per
 * request costs microseconds, and nothing is lost when the process dies.
 */
export function createRootLogger(config: LogSettings, level: LogLevelName): Logger {
  if (config.logFormat === 'text') {
    // In-process pretty printing (no worker thread): text is for development, where throughput is not the point.
    const pretty = PinoPretty({
      sync: true,
      destination: config.logDestination ?? 1,
      colorize: !config.logDestination && process.stdout.isTTY === true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
      messageFormat: textMessage,
    });
    return pino({ level }, pretty);
  }
  const destination: DestinationStream = config.logDestination ?? pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
