import {
  booleanOr, integerOrNull, JsonObject, JsonType, longOrNull, objectOrNull, stringArrayOrNull, stringOrNull, UNREADABLE, wrongType,
} from '../../common/http/json-body';
import {
  BooleanField, IntegerField, JsonField, LongField, NestedArrayField, ObjectField, StringArrayField, StringField, VariablesField,
} from '../../common/validation/body-fields';
import { RestError } from '../../common/errors/rest-error';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { FetchRequestInput } from '../../engine/external-task/fetch-request-validation';
import { MAX_ASYNC_RESPONSE_TIMEOUT } from '../../engine/external-task/external-task-types';
import { VariableMap } from '../../engine/variables/typed-value';
import { NotValidError } from '../../engine/errors';

/**
 * Request bodies of the external task endpoints, read with Jackson's leniency and Camunda's defaults.
 * The worker protocol's readers take the raw body or its validated DTO alike (see the controller).
 */

export function variablesOf(raw: unknown, name: string): VariableMap | null {
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

// ---- The bodies as documented and validated

export class FetchTopicDto {
  @StringField({ required: true }) topicName: string;
  @LongField({ required: true }) lockDuration: number;
  @StringArrayField() variables?: string[] | null;
  @BooleanField() localVariables?: boolean | null;
  @StringField() businessKey?: string | null;
  @StringField() processDefinitionId?: string | null;
  @StringArrayField() processDefinitionIdIn?: string[] | null;
  @StringField() processDefinitionKey?: string | null;
  @StringArrayField() processDefinitionKeyIn?: string[] | null;
  @StringField() processDefinitionVersionTag?: string | null;
  @BooleanField() withoutTenantId?: boolean | null;
  @StringArrayField() tenantIdIn?: string[] | null;
  @ObjectField() processVariables?: Record<string, unknown> | null;
  @BooleanField() deserializeValues?: boolean | null;
  @BooleanField() includeExtensionProperties?: boolean | null;
}

export class FetchSortingDto {
  @StringField({ required: true, enum: ['createTime'] }) sortBy: string;
  @StringField({ required: true, enum: ['asc', 'desc'] }) sortOrder: string;
}

export class FetchExternalTasksDto {
  @StringField({ required: true }) workerId: string;
  @IntegerField({ required: true }) maxTasks: number;
  @BooleanField() usePriority?: boolean | null;
  @LongField({ maximum: MAX_ASYNC_RESPONSE_TIMEOUT }) asyncResponseTimeout?: number | null;
  @NestedArrayField(() => FetchSortingDto) sorting?: FetchSortingDto[] | null;
  @NestedArrayField(() => FetchTopicDto) topics?: FetchTopicDto[] | null;
}

export class CompleteExternalTaskDto {
  @StringField({ required: true }) workerId: string;
  @VariablesField() variables?: Record<string, unknown> | null;
  @VariablesField() localVariables?: Record<string, unknown> | null;
}

export class ExternalTaskFailureDto {
  @StringField({ required: true }) workerId: string;
  @StringField() errorMessage?: string | null;
  @StringField() errorDetails?: string | null;
  @IntegerField() retries?: number | null;
  @LongField() retryTimeout?: number | null;
  @VariablesField() variables?: Record<string, unknown> | null;
  @VariablesField() localVariables?: Record<string, unknown> | null;
}

export class ExternalTaskBpmnErrorDto {
  @StringField({ required: true }) workerId: string;
  @StringField({ required: true }) errorCode: string;
  @StringField() errorMessage?: string | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

export class LockExternalTaskDto {
  @StringField({ required: true }) workerId: string;
  @LongField({ required: true }) lockDuration: number;
}

export class ExtendLockOnExternalTaskDto {
  @StringField({ required: true }) workerId: string;
  @LongField({ required: true }) newDuration: number;
}

const RETRIES_NULL = 'The number of retries cannot be null.';

export class ExternalTaskRetriesDto {
  @IntegerField({ required: RETRIES_NULL }) retries: number;
}

export class ExternalTaskPriorityDto {
  @LongField({ required: 'The priority cannot be null.' }) priority: number;
}

/** Ids may hold nulls: the engine names them in its refusal. */
const JSON_ID_LIST: JsonType<Array<string | null>> = {
  expected: 'an array of strings',
  read: (v) => (Array.isArray(v) && v.every((id) => id === null || typeof id === 'string') ? v : UNREADABLE),
};

export class SetRetriesForExternalTasksDto {
  @JsonField(JSON_ID_LIST, { type: [String] }) externalTaskIds?: Array<string | null> | null;
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() externalTaskQuery?: Record<string, unknown> | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
  @IntegerField({ required: RETRIES_NULL }) retries: number;
}
