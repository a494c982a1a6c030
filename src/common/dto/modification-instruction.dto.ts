import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  InstructionVariable,
  ModificationInstruction,
} from '../../engine/bpmn/runtime/modification/instance-modification';
import { badRequest } from '../errors/rest-error';
import { typedValueFromWire } from '../variables/wire-value';

const TYPES = ['cancel', 'startBeforeActivity', 'startAfterActivity', 'startTransition'] as const;

/** Camunda's TriggerVariableValueDto: a variable of an instruction, local to the created scope or not. */
export class TriggerVariableValueDto {
  @ApiPropertyOptional({ description: 'The value; its JSON type depends on `type`' }) value?: unknown;
  @ApiPropertyOptional({ nullable: true }) type?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  valueInfo?: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) local?: boolean | null;
}

/** Camunda's ProcessInstanceModificationInstructionDto (start instructions use the start types only). */
export class ModificationInstructionDto {
  @ApiProperty({ enum: TYPES }) type: string;
  @ApiPropertyOptional({
    type: 'object',
    description: 'Variables by name: {value, type, valueInfo, local}',
    additionalProperties: { type: 'object' },
  })
  variables?: Record<string, TriggerVariableValueDto> | null;
  @ApiPropertyOptional({ nullable: true }) activityId?: string | null;
  @ApiPropertyOptional({ nullable: true }) transitionId?: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId?: string | null;
  @ApiPropertyOptional({ nullable: true }) transitionInstanceId?: string | null;
  @ApiPropertyOptional({ nullable: true }) ancestorActivityInstanceId?: string | null;
  @ApiPropertyOptional({ nullable: true }) cancelCurrentActiveActivityInstances?: boolean | null;
}

function text(o: Record<string, unknown>, name: string): string | null {
  const v = o[name];
  if (v == null) return null;
  if (typeof v !== 'string') throw badRequest(`Cannot read instruction: '${name}' must be a string`);
  return v;
}

function variablesOf(raw: unknown): InstructionVariable[] {
  if (raw == null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('Cannot read instruction: variables must be an object of variable values');
  return Object.entries(raw as Record<string, unknown>).map(([name, dto]) => {
    if (dto == null || typeof dto !== 'object' || Array.isArray(dto))
      throw badRequest(`Variable '${name}' must be an object with value, type and valueInfo`);
    const v = dto as { value?: unknown; type?: unknown; valueInfo?: unknown; local?: unknown };
    return {
      name,
      value: typedValueFromWire(
        typeof v.type === 'string' ? v.type : null,
        v.value,
        (v.valueInfo ?? null) as Record<string, unknown> | null,
      ),
      local: v.local === true,
    };
  });
}

/**
 * The instructions of a request with Camunda's refusals (its REST instruction DTOs): each type needs its target;
 * `allowed` names the types the operation takes (a start takes no cancellation, a modification of many instances no
 * activity or transition instance).
 */
export function instructionsFromWire(
  raw: unknown,
  allowed: { cancel: boolean; instanceIds: boolean },
): ModificationInstruction[] {
  if (raw == null) return [];
  if (!Array.isArray(raw)) throw badRequest('Cannot read instructions: an array of instructions is expected');
  return raw.map((entry) => {
    if (entry == null || typeof entry !== 'object' || Array.isArray(entry))
      throw badRequest('Cannot read instructions: an instruction must be an object');
    const o = entry as Record<string, unknown>;
    const type = o.type;
    if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type))
      throw badRequest(`Cannot read instruction: unknown instruction type '${String(type)}'`);
    const fail = (message: string) => badRequest(`For instruction type '${type}': ${message}`);
    const instruction: ModificationInstruction = {
      type: type as ModificationInstruction['type'],
      activityId: text(o, 'activityId'),
      transitionId: text(o, 'transitionId'),
      activityInstanceId: text(o, 'activityInstanceId'),
      transitionInstanceId: text(o, 'transitionInstanceId'),
      ancestorActivityInstanceId: text(o, 'ancestorActivityInstanceId'),
      cancelCurrentActiveActivityInstances: o.cancelCurrentActiveActivityInstances === true,
      variables: variablesOf(o.variables),
    };
    if (type === 'cancel') {
      if (!allowed.cancel) throw fail('cancellation is not possible when starting a process instance');
      const targets = [instruction.activityId, instruction.activityInstanceId, instruction.transitionInstanceId];
      if (targets.filter((t) => t != null).length !== 1)
        throw fail("exactly one, 'activityId', 'activityInstanceId', or 'transitionInstanceId', is required");
      if (!allowed.instanceIds && instruction.activityId == null)
        throw fail("'activityId' must be set: instructions over several instances name activities only");
    } else if (type === 'startTransition') {
      if (instruction.transitionId == null) throw fail("'transitionId' must be set");
    } else if (instruction.activityId == null) throw fail("'activityId' must be set");
    if (!allowed.instanceIds && instruction.ancestorActivityInstanceId != null)
      throw fail("'ancestorActivityInstanceId' is not possible for instructions over several instances");
    return instruction;
  });
}
