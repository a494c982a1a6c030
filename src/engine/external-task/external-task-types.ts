import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { VariableMap } from '../variables/typed-value';

/** One topic of a fetchAndLock request (Camunda's FetchExternalTaskTopicDto), already validated. */
export interface FetchTopic {
  topicName: string;
  lockDuration: number;
  /** null: every variable visible from the task's execution; a list: only these names. */
  variables: string[] | null;
  localVariables: boolean;
  businessKey: string | null;
  processDefinitionId: string | null;
  processDefinitionIdIn: string[] | null;
  processDefinitionKey: string | null;
  processDefinitionKeyIn: string[] | null;
  processDefinitionVersionTag: string | null;
  withoutTenantId: boolean;
  tenantIdIn: string[] | null;
  /** Process-instance variables of which at least one must be equal (Camunda ORs them). */
  processVariables: Record<string, unknown> | null;
  deserializeValues: boolean;
  includeExtensionProperties: boolean;
}

export interface FetchRequest {
  workerId: string;
  maxTasks: number;
  usePriority: boolean;
  /** createTime orderings, applied after the priority when usePriority is set. */
  sorting: Array<'asc' | 'desc'>;
  topics: FetchTopic[];
}

/** A task as fetchAndLock returns it: the locked row plus what the worker asked to receive. */
export interface LockedExternalTask {
  task: ExternalTaskEntity;
  processDefinitionVersionTag: string | null;
  variables: VariableMap;
  deserializeValues: boolean;
  extensionProperties: Record<string, string>;
}

/** The parts of a process definition that external task responses and filters need. */
export interface DefinitionInfo {
  id: string;
  key: string;
  versionTag: string | null;
}

/** Camunda keeps 666 characters of a failure's error message. */
export const MAX_ERROR_MESSAGE_LENGTH = 666;

export const MAX_ASYNC_RESPONSE_TIMEOUT = 1_800_000;

export interface ExternalTaskCompletionOptions {
  /**
   * Runs inside the command, after the task is loaded and before anything changes: the place for
   * checks such as "locked by this worker". Throwing aborts the command.
   */
  check?: (task: ExternalTaskEntity) => void;
}
