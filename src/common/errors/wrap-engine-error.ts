import { AuthorizationError, EngineError } from '../../engine/errors';
import { RestError } from './rest-error';

/**
 * Camunda's resources wrap engine failures as `<prefix>: <engine message>`: bad input stays 400,
 * everything else is its 500. A missing target (a "... is null" or not-found failure) is a 500 there
 * and a 404 here; real engine failures stay 500; authorization failures pass through unchanged.
 */
export function wrapEngineError(err: unknown, prefix: string): unknown {
  if (err instanceof AuthorizationError) return err;
  if (err instanceof RestError)
    return new RestError(err.status, `${prefix}: ${err.message}`, 'InvalidRequestException');
  if (!(err instanceof EngineError)) return err;
  const message = `${prefix}: ${err.message}`;
  switch (err.kind) {
    case 'NotFound':
    case 'NullValue':
      return new RestError(404, message, 'RestException');
    case 'BadUserRequest':
    case 'NotValid':
    case 'SuspendedEntityInteraction':
    case 'Parse':
      return new RestError(
        400,
        message,
        err.type === 'InvalidRequestException' ? 'InvalidRequestException' : 'RestException',
      );
    case 'Conflict':
      return new RestError(409, message, 'RestException');
    case 'Authorization':
    case 'OptimisticLocking':
    case 'ProcessEngine':
      return new RestError(500, message, 'RestException');
  }
}

export async function withErrorPrefix<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw wrapEngineError(err, prefix);
  }
}
