import { ApiPropertyOptional } from '@nestjs/swagger';
import { ObjectField, StringField, VariablesField } from '../validation/body-fields';
import { RestError } from '../errors/rest-error';
import { TypedValue, VariableMap } from '../../engine/variables/typed-value';
import { typedValueFromWire, typedValueToWire, WireValue } from './wire-value';
import { LeanBody } from '../validation/lean-body';

/** One value, in responses and as the body of PUT .../variables/{name}. */
export class VariableValueDto {
  @ApiPropertyOptional({ description: 'The value; its JSON type depends on `type`' }) value: unknown;
  @StringField({ example: 'String' }) type: string | null;
  @ObjectField() valueInfo: Record<string, unknown>;
}

@LeanBody()
export class VariablesBodyDto {
  @VariablesField() variables?: Record<string, VariableValueDto> | null;
}

/** `{name: {value, type, valueInfo}}` from a request into engine values; a malformed map is a 400. */
export function variablesFromWire(raw: unknown, field = 'variables'): VariableMap {
  if (raw == null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new RestError(400, `${field} must be an object of variable values`);
  const result: VariableMap = {};
  for (const [name, dto] of Object.entries(raw as Record<string, unknown>)) {
    if (dto == null || typeof dto !== 'object' || Array.isArray(dto))
      throw new RestError(400, `Variable '${name}' must be an object with value, type and valueInfo`);
    const v = dto as { value?: unknown; type?: unknown; valueInfo?: unknown };
    if (v.type != null && typeof v.type !== 'string')
      throw new RestError(400, `Variable '${name}' has an invalid type`);
    if (v.valueInfo != null && (typeof v.valueInfo !== 'object' || Array.isArray(v.valueInfo)))
      throw new RestError(400, `Variable '${name}' has an invalid valueInfo`);
    result[name] = typedValueFromWire(v.type as string | null, v.value, v.valueInfo as Record<string, unknown> | null);
  }
  return result;
}

export function variablesToWire(map: Record<string, TypedValue>, deserialize = true): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const [name, value] of Object.entries(map)) out[name] = typedValueToWire(value, deserialize);
  return out;
}
