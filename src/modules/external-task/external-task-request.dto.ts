import { JsonType, UNREADABLE } from '../../common/http/json-body';
import {
  BooleanField,
  IntegerField,
  JsonField,
  LongField,
  NestedArrayField,
  ObjectField,
  StringArrayField,
  StringField,
  VariablesField,
} from '../../common/validation/body-fields';
import { RestError } from '../../common/errors/rest-error';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { FetchRequestInput } from '../../engine/external-task/fetch-request-validation';
import { MAX_ASYNC_RESPONSE_TIMEOUT } from '../../engine/external-task/external-task-types';
import { VariableMap } from '../../engine/variables/typed-value';
import { NotValidError } from '../../engine/errors';
import { LeanBody } from '../../common/validation/lean-body';

/** Request bodies of the external task endpoints, with Camunda's defaults for what is absent. */

export function variablesOf(raw: unknown, name: string): VariableMap | null {
  return raw == null ? null : variablesFromWire(raw, name);
}

function sortingOf(entries: FetchSortingDto[] | null | undefined): Array<'asc' | 'desc'> {
  const out: Array<'asc' | 'desc'> = [];
  for (const { sortBy, sortOrder } of entries ?? []) {
    if (sortBy != null && sortBy !== 'createTime')
      throw new RestError(400, `Cannot set query sortBy parameter to value ${sortBy}`);
    if (sortOrder != null && sortOrder !== 'asc' && sortOrder !== 'desc')
      throw new RestError(400, `Cannot set query sortOrder parameter to value ${sortOrder}`);
    if (sortBy == null) continue;
    if (sortOrder == null)
      throw new NotValidError('Invalid query: call asc() or desc() after using orderByXX(): direction is null');
    out.push(sortOrder);
  }
  return out;
}

export interface FetchAndLockRequest {
  request: FetchRequestInput;
  asyncResponseTimeout: number | null;
}

function topicOf(t: FetchTopicDto): FetchRequestInput['topics'][number] {
  return {
    topicName: t.topicName ?? null,
    lockDuration: t.lockDuration ?? 0,
    variables: t.variables ?? null,
    localVariables: t.localVariables ?? false,
    businessKey: t.businessKey ?? null,
    processDefinitionId: t.processDefinitionId ?? null,
    processDefinitionIdIn: t.processDefinitionIdIn ?? null,
    processDefinitionKey: t.processDefinitionKey ?? null,
    processDefinitionKeyIn: t.processDefinitionKeyIn ?? null,
    processDefinitionVersionTag: t.processDefinitionVersionTag ?? null,
    withoutTenantId: t.withoutTenantId ?? false,
    tenantIdIn: t.tenantIdIn ?? null,
    processVariables: t.processVariables ?? null,
    deserializeValues: t.deserializeValues ?? false,
    includeExtensionProperties: t.includeExtensionProperties ?? false,
  };
}

/** POST /external-task/fetchAndLock; a topic named twice keeps its last definition, as in Camunda. */
export function fetchAndLockRequest(dto: FetchExternalTasksDto): FetchAndLockRequest {
  const asyncResponseTimeout = dto.asyncResponseTimeout ?? null;
  if (asyncResponseTimeout != null && asyncResponseTimeout > MAX_ASYNC_RESPONSE_TIMEOUT) {
    throw new RestError(
      400,
      `The asynchronous response timeout cannot be set to a value greater than ${MAX_ASYNC_RESPONSE_TIMEOUT} milliseconds`,
    );
  }
  const topics = new Map<string | null, FetchRequestInput['topics'][number]>();
  for (const t of dto.topics ?? []) {
    const topic = topicOf(t);
    topics.delete(topic.topicName);
    topics.set(topic.topicName, topic);
  }
  return {
    asyncResponseTimeout,
    request: {
      workerId: dto.workerId ?? null,
      maxTasks: dto.maxTasks ?? 0,
      usePriority: dto.usePriority ?? false,
      sorting: sortingOf(dto.sorting),
      topics: [...topics.values()],
    },
  };
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

@LeanBody()
export class FetchExternalTasksDto {
  @StringField({ required: true }) workerId: string;
  @IntegerField({ required: true }) maxTasks: number;
  @BooleanField() usePriority?: boolean | null;
  @LongField({ maximum: MAX_ASYNC_RESPONSE_TIMEOUT }) asyncResponseTimeout?: number | null;
  @NestedArrayField(() => FetchSortingDto) sorting?: FetchSortingDto[] | null;
  @NestedArrayField(() => FetchTopicDto) topics?: FetchTopicDto[] | null;
}

@LeanBody()
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
