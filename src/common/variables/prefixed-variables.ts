import { RestError } from '../errors/rest-error';
import { VariableMap } from '../../engine/variables/typed-value';
import { variablesFromWire } from './variable-value.dto';

export interface VariablesRefusal {
  /** How the resource names itself in the message, e.g. `Cannot complete task 42`. */
  prefix: string;
  /** The body field, named in a message about its shape. */
  field?: string;
  /** Resources that answer every refusal with this type; otherwise a RestException stays one. */
  type?: 'InvalidRequestException';
}

/**
 * The variables of a request as Camunda's resources read them: a value that does not convert is a
 * 400 whose message starts with what the resource was doing.
 */
export function prefixedVariablesFromWire(raw: unknown, refusal: VariablesRefusal): VariableMap {
  try {
    return variablesFromWire(raw, refusal.field);
  } catch (err) {
    const type =
      refusal.type ??
      ((err as { type?: string }).type === 'RestException' ? 'RestException' : 'InvalidRequestException');
    throw new RestError(400, `${refusal.prefix}: ${(err as Error).message}`, type);
  }
}
