import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { integerOrNull, JsonObject, objectOrNull, stringArrayOrNull, stringOrNull } from '../../common/http/json-body';
import { RestError } from '../../common/errors/rest-error';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { FetchRequestInput } from '../../engine/external-task/fetch-request-validation';
import { MAX_ASYNC_RESPONSE_TIMEOUT } from '../../engine/external-task/external-task-types';
import { VariableMap } from '../../engine/variables/typed-value';
import { NotValidError } from '../../engine/errors';

/** Request bodies of the external task endpoints, read with Jackson's leniency and Camunda's defaults. */

function wrongType(name: string, expected: string, value: unknown): RestError {
  return new RestError(400, `Cannot deserialize property '${name}' with value ${JSON.stringify(value)}: expected ${expected}`);
}

export function booleanOr(obj: JsonObject | null, name: string, fallback: boolean): boolean {
  const value = obj?.[name];
  if (value == null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw wrongType(name, 'a boolean', value);
}

/** Java `long` fields: absent means the default (0 for primitives, null for boxed ones). */
export function longOrNull(obj: JsonObject | null, name: string): number | null {
  const value = obj?.[name];
  if (value == null) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw wrongType(name, 'an integer', value);
  return n;
}

export function variablesOf(obj: JsonObject | null, name: string): VariableMap | null {
  const raw = obj?.[name];
  return raw == null ? null : variablesFromWire(raw, name);
}

function sortingOf(raw: unknown): Array<'asc' | 'desc'> {
  if (raw == null) return [];
  if (!Array.isArray(raw)) throw wrongType('sorting', 'an array', raw);
  const out: Array<'asc' | 'desc'> = [];
  for (const entry of raw) {
    const s = objectOrNull(entry, 'sorting');
    const sortBy = s?.sortBy;
    const sortOrder = s?.sortOrder;
    if (sortBy != null && sortBy !== 'createTime') throw new RestError(400, `Cannot set query sortBy parameter to value ${String(sortBy)}`);
    if (sortOrder != null && sortOrder !== 'asc' && sortOrder !== 'desc') throw new RestError(400, `Cannot set query sortOrder parameter to value ${String(sortOrder)}`);
    if (sortBy == null) continue;
    if (sortOrder == null) throw new NotValidError('Invalid query: call asc() or desc() after using orderByXX(): direction is null');
    out.push(sortOrder);
  }
  return out;
}

export interface FetchAndLockBody {
  request: FetchRequestInput;
  asyncResponseTimeout: number | null;
}

/** POST /external-task/fetchAndLock; a topic named twice keeps its last definition, as in Camunda. */
export function fetchAndLockFromBody(body: unknown): FetchAndLockBody {
  const b = objectOrNull(body);
  const asyncResponseTimeout = longOrNull(b, 'asyncResponseTimeout');
  if (asyncResponseTimeout != null && asyncResponseTimeout > MAX_ASYNC_RESPONSE_TIMEOUT) {
    throw new RestError(400, `The asynchronous response timeout cannot be set to a value greater than ${MAX_ASYNC_RESPONSE_TIMEOUT} milliseconds`);
  }
  const rawTopics = b?.topics;
  if (rawTopics != null && !Array.isArray(rawTopics)) throw wrongType('topics', 'an array', rawTopics);
  const topics = new Map<string | null, FetchRequestInput['topics'][number]>();
  for (const raw of (rawTopics ?? []) as unknown[]) {
    const t = objectOrNull(raw, 'topics');
    const processVariables = objectOrNull(t?.processVariables, 'processVariables');
    const topicName = stringOrNull(t, 'topicName');
    topics.delete(topicName);
    topics.set(topicName, {
      topicName,
      lockDuration: longOrNull(t, 'lockDuration') ?? 0,
      variables: stringArrayOrNull(t, 'variables'),
      localVariables: booleanOr(t, 'localVariables', false),
      businessKey: stringOrNull(t, 'businessKey'),
      processDefinitionId: stringOrNull(t, 'processDefinitionId'),
      processDefinitionIdIn: stringArrayOrNull(t, 'processDefinitionIdIn'),
      processDefinitionKey: stringOrNull(t, 'processDefinitionKey'),
      processDefinitionKeyIn: stringArrayOrNull(t, 'processDefinitionKeyIn'),
      processDefinitionVersionTag: stringOrNull(t, 'processDefinitionVersionTag'),
      withoutTenantId: booleanOr(t, 'withoutTenantId', false),
      tenantIdIn: stringArrayOrNull(t, 'tenantIdIn'),
      processVariables: processVariables as Record<string, unknown> | null,
      deserializeValues: booleanOr(t, 'deserializeValues', false),
      includeExtensionProperties: booleanOr(t, 'includeExtensionProperties', false),
    });
  }
  return {
    asyncResponseTimeout,
    request: {
      workerId: stringOrNull(b, 'workerId'),
      maxTasks: integerOrNull(b, 'maxTasks') ?? 0,
      usePriority: booleanOr(b, 'usePriority', false),
      sorting: sortingOf(b?.sorting),
      topics: [...topics.values()],
    },
  };
}

export function bodyObject(body: unknown): JsonObject | null {
  return objectOrNull(body);
}

// ---- Swagger shapes (the bodies are read by the functions above)

export class FetchTopicDto {
  @ApiProperty() topicName: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) lockDuration: number;
  @ApiPropertyOptional({ type: [String], nullable: true }) variables?: string[] | null;
  @ApiPropertyOptional() localVariables?: boolean;
  @ApiPropertyOptional({ nullable: true }) businessKey?: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId?: string | null;
  @ApiPropertyOptional({ type: [String], nullable: true }) processDefinitionIdIn?: string[] | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey?: string | null;
  @ApiPropertyOptional({ type: [String], nullable: true }) processDefinitionKeyIn?: string[] | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionVersionTag?: string | null;
  @ApiPropertyOptional() withoutTenantId?: boolean;
  @ApiPropertyOptional({ type: [String], nullable: true }) tenantIdIn?: string[] | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) processVariables?: Record<string, unknown> | null;
  @ApiPropertyOptional() deserializeValues?: boolean;
  @ApiPropertyOptional() includeExtensionProperties?: boolean;
}

export class FetchSortingDto {
  @ApiProperty({ enum: ['createTime'] }) sortBy: string;
  @ApiProperty({ enum: ['asc', 'desc'] }) sortOrder: string;
}

export class FetchExternalTasksDto {
  @ApiProperty() workerId: string;
  @ApiProperty({ type: 'integer' }) maxTasks: number;
  @ApiPropertyOptional() usePriority?: boolean;
  @ApiPropertyOptional({ type: 'integer', format: 'int64', nullable: true, maximum: MAX_ASYNC_RESPONSE_TIMEOUT }) asyncResponseTimeout?: number | null;
  @ApiPropertyOptional({ type: [FetchSortingDto] }) sorting?: FetchSortingDto[];
  @ApiPropertyOptional({ type: [FetchTopicDto] }) topics?: FetchTopicDto[];
}

const VARIABLES = { type: 'object', additionalProperties: { type: 'object' }, nullable: true } as const;

export class CompleteExternalTaskDto {
  @ApiProperty() workerId: string;
  @ApiPropertyOptional(VARIABLES) variables?: Record<string, unknown> | null;
  @ApiPropertyOptional(VARIABLES) localVariables?: Record<string, unknown> | null;
}

export class ExternalTaskFailureDto {
  @ApiProperty() workerId: string;
  @ApiPropertyOptional({ nullable: true }) errorMessage?: string | null;
  @ApiPropertyOptional({ nullable: true }) errorDetails?: string | null;
  @ApiPropertyOptional({ type: 'integer' }) retries?: number;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) retryTimeout?: number;
  @ApiPropertyOptional(VARIABLES) variables?: Record<string, unknown> | null;
  @ApiPropertyOptional(VARIABLES) localVariables?: Record<string, unknown> | null;
}

export class ExternalTaskBpmnErrorDto {
  @ApiProperty() workerId: string;
  @ApiProperty() errorCode: string;
  @ApiPropertyOptional({ nullable: true }) errorMessage?: string | null;
  @ApiPropertyOptional(VARIABLES) variables?: Record<string, unknown> | null;
}

export class LockExternalTaskDto {
  @ApiProperty() workerId: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) lockDuration: number;
}

export class ExtendLockOnExternalTaskDto {
  @ApiProperty() workerId: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) newDuration: number;
}

export class RetriesDto {
  @ApiProperty({ type: 'integer' }) retries: number;
}

export class PriorityDto {
  @ApiProperty({ type: 'integer', format: 'int64' }) priority: number;
}

export class SetRetriesForExternalTasksDto {
  @ApiPropertyOptional({ type: [String] }) externalTaskIds?: string[];
  @ApiPropertyOptional({ type: [String] }) processInstanceIds?: string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) externalTaskQuery?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) processInstanceQuery?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) historicProcessInstanceQuery?: Record<string, unknown>;
  @ApiProperty({ type: 'integer' }) retries: number;
}
