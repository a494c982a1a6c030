import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { Authentication } from '../command/authentication';
import type { JobHandler, RuntimeContext } from '../bpmn/runtime/runtime-context';
import { CommandExecutor } from '../command/command-executor';
import { BadUserRequestError } from '../errors';
import { EngineOptions } from '../options';
import { BatchJobSettings, batchJobHandlers } from './batch-jobs';
import { BATCH_OPERATIONS } from './batch-operations';
import { BATCH_TYPE, RemovalTimeMode } from './batch-types';
import {
  currentOrNextWindow,
  HISTORY_CLEANUP_HANDLER,
  historyCleanupHandler,
  parseCleanupWindow,
} from './history-cleanup';
import { FindHistoryCleanupJobsCmd } from './commands/find-history-cleanup-jobs.cmd';
import { HistoryCleanupCmd } from './commands/history-cleanup.cmd';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { BatchSizes, CreateBatchCmd } from './commands/create-batch.cmd';
import { DeleteBatchCmd, DeleteHistoricBatchCmd } from './commands/delete-batch.cmd';
import { SetBatchSuspensionCmd } from './commands/set-batch-suspension.cmd';
import { RestartProcessInstancesBatchCmd } from './commands/restart-batch.cmd';
import { JobRetriesTargets, SetJobRetriesBatchCmd } from './commands/set-job-retries-batch.cmd';
import { SetVariablesBatchCmd } from './commands/set-variables-batch.cmd';
import { CorrelateMessageBatchCmd } from './commands/correlate-message-batch.cmd';
import { VariableMap } from '../variables/typed-value';
import { RestartOptions } from '../instances/commands/restart-process-instances.cmd';
import { InstanceDeletionParameters } from './process-batch-operations';
import type { ProcessInstanceModification } from '../instances/commands/modify-process-instance.cmd';
import { ensureInstanceIds } from '../instances/commands/process-instance-suspension.cmd';
import { MigrationOptions } from '../migration/commands/migrate-process-instances.cmd';
import { PlanRequest } from '../migration/commands/migration-plan.cmd';
import { MigrationBatchCmd } from './commands/migration-batch.cmd';

/** How a set-removal-time request chose the mode: each flag as given. */
export interface RemovalTimeRequest {
  absoluteRemovalTime?: Date | null;
  clearedRemovalTime?: boolean | null;
  calculatedRemovalTime?: boolean | null;
}

function ensureTargets(ids: Array<string | null>, name: string): string[] {
  if (!ids.length) throw new BadUserRequestError(`${name} is empty`);
  if (ids.some((id) => id == null)) throw new BadUserRequestError(`${name} contains null value`);
  return [...new Set(ids as string[])];
}

/** The three modes of Camunda's removal-time builders: mutually exclusive, one required. */
export function removalTimeMode(request: RemovalTimeRequest): RemovalTimeMode {
  const modes: RemovalTimeMode[] = [];
  if (request.calculatedRemovalTime) modes.push({ mode: 'calculated' });
  if (request.absoluteRemovalTime)
    modes.push({ mode: 'absolute', removalTime: request.absoluteRemovalTime.toISOString() });
  if (request.clearedRemovalTime) modes.push({ mode: 'cleared' });
  if (modes.length > 1)
    throw new BadUserRequestError('The removal time modes are mutually exclusive: mode is not null');
  if (!modes.length) throw new BadUserRequestError('removalTime is null');
  return modes[0];
}

/**
 * Batches: asynchronous mass operations run by the job executor in chunks (a seed job creates batch jobs,
 * each batch job works on its share in one transaction, a monitor job ends the batch), and their management.
 * Callers select the targets; the operations here validate and start the batch.
 */
export class BatchService {
  readonly settings: BatchJobSettings;
  /** Handed to the job executor through the runtime's dependencies. */
  readonly jobHandlers: Map<string, JobHandler>;

  constructor(
    private readonly commands: CommandExecutor<RuntimeContext>,
    private readonly options: EngineOptions,
  ) {
    this.settings = { pollMs: options.batchPollMs, ttlOf: (type) => this.historyTimeToLive(type) };
    this.jobHandlers = batchJobHandlers(BATCH_OPERATIONS, this.settings);
    parseCleanupWindow(options.historyCleanupWindow);
    const degree = options.historyCleanupDegreeOfParallelism;
    if (!Number.isInteger(degree) || degree < 1 || degree > 8) {
      throw new Error(`HISTORY_CLEANUP_DEGREE_OF_PARALLELISM must be between 1 and 8 (got ${degree})`);
    }
    this.jobHandlers.set(
      HISTORY_CLEANUP_HANDLER,
      historyCleanupHandler({
        window: options.historyCleanupWindow,
        batchSize: Math.max(1, options.historyCleanupBatchSize),
      }),
    );
  }

  /** POST /history/cleanup: the cleanup job due now (`immediatelyDue`) or at its window; null when neither applies. */
  cleanUpHistory(auth: Authentication | null, immediatelyDue: boolean): Promise<JobEntity | null> {
    return this.commands.execute(
      auth,
      new HistoryCleanupCmd(
        immediatelyDue,
        this.options.historyCleanupWindow,
        this.options.historyCleanupDegreeOfParallelism,
      ),
    );
  }

  /** historyService.findHistoryCleanupJobs (readable by any caller, as in Camunda). */
  historyCleanupJobs(auth: Authentication | null): Promise<JobEntity[]> {
    return this.commands.read(auth, new FindHistoryCleanupJobsCmd());
  }

  /** The cleanup's current or next window (null without one); the cleanup itself is always enabled here. */
  historyCleanupWindow(): { start: Date; end: Date } | null {
    return currentOrNextWindow(this.options.historyCleanupWindow, this.options.clock());
  }

  /** At start-up with a cleanup window: the cleanup job is there, due at the window's next start. */
  async scheduleHistoryCleanup(): Promise<void> {
    if (this.options.historyCleanupWindow) await this.cleanUpHistory(null, false);
  }

  /** Days a finished batch of this type is kept (configuration), or null. */
  historyTimeToLive(type: string): number | null {
    return this.options.batchHistoryTimeToLiveByType[type] ?? this.options.batchHistoryTimeToLive;
  }

  /** runtimeService.newMigration(plan).executeAsync(): an instance-migration batch. */
  migrateProcessInstancesAsync(
    auth: Authentication | null,
    plan: PlanRequest,
    ids: Array<string | null>,
    options: MigrationOptions,
  ): Promise<BatchEntity> {
    return this.commands.execute(auth, new MigrationBatchCmd(plan, ids, options, this.sizes));
  }

  private get sizes(): BatchSizes {
    return {
      batchJobsPerSeed: this.options.batchJobsPerSeed,
      invocationsPerBatchJob: this.options.invocationsPerBatchJob,
      historyLevel: this.options.historyLevel,
    };
  }

  private start(
    auth: Authentication | null,
    type: string,
    ids: string[],
    parameters: Record<string, unknown>,
  ): Promise<BatchEntity> {
    return this.commands.execute(auth, new CreateBatchCmd(type, { ids, parameters }, this.sizes));
  }

  /** runtimeService.restartProcessInstances(definitionId)...executeAsync(): an instance-restart batch. */
  restartProcessInstancesAsync(
    auth: Authentication | null,
    options: RestartOptions,
    ids: Array<string | null>,
  ): Promise<BatchEntity> {
    return this.commands.execute(auth, new RestartProcessInstancesBatchCmd(options, ids, this.sizes));
  }

  /** externalTaskService.setRetriesAsync: the selected tasks' retries, in a batch. */
  setExternalTaskRetriesAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    retries: number,
  ): Promise<BatchEntity> {
    if (retries < 0)
      throw new BadUserRequestError(
        'The number of retries cannot be negative: retries is not greater than or equal to 0',
      );
    if (!ids.length) throw new BadUserRequestError('externalTaskIds is empty');
    if (ids.some((id) => id == null))
      throw new BadUserRequestError('External task id cannot be null: externalTaskIds contains null value');
    return this.start(auth, BATCH_TYPE.setExternalTaskRetries, [...new Set(ids as string[])], { retries });
  }

  /**
   * managementService.setJobRetriesAsync (job ids) and setJobRetriesByProcessAsync (the jobs of process instances):
   * a set-job-retries batch; `dueDate` only when the caller set one (set to null, the due dates stay: not Camunda's clearing).
   */
  setJobRetriesAsync(
    auth: Authentication | null,
    targets: JobRetriesTargets,
    retries: number,
    dueDate?: Date | null,
  ): Promise<BatchEntity> {
    const parameters = {
      retries,
      dueDate: dueDate ? dueDate.toISOString() : null,
      isDueDateSet: dueDate !== undefined,
    };
    return this.commands.execute(auth, new SetJobRetriesBatchCmd(targets, parameters, this.sizes));
  }

  /** runtimeService.setVariablesAsync: `processInstanceIds` null when the caller selected none at all. */
  setVariablesAsync(
    auth: Authentication | null,
    processInstanceIds: string[] | null,
    variables: VariableMap | null,
  ): Promise<BatchEntity> {
    return this.commands.execute(auth, new SetVariablesBatchCmd(processInstanceIds, variables, this.sizes));
  }

  /** runtimeService.createMessageCorrelationAsync(name)...correlateAllAsync(): `processInstanceIds` as above. */
  correlateMessageAsync(
    auth: Authentication | null,
    messageName: string | null,
    processInstanceIds: string[] | null,
    variables: VariableMap | null,
  ): Promise<BatchEntity> {
    return this.commands.execute(
      auth,
      new CorrelateMessageBatchCmd(messageName, processInstanceIds, variables, this.sizes),
    );
  }

  /** historyService.deleteHistoricDecisionInstancesAsync. */
  deleteHistoricDecisionInstancesAsync(auth: Authentication | null, ids: Array<string | null>): Promise<BatchEntity> {
    return this.start(
      auth,
      BATCH_TYPE.historicDecisionInstanceDeletion,
      ensureTargets(ids, 'historicDecisionInstanceIds'),
      {},
    );
  }

  /** historyService.deleteHistoricProcessInstancesAsync. */
  deleteHistoricProcessInstancesAsync(auth: Authentication | null, ids: Array<string | null>): Promise<BatchEntity> {
    return this.start(
      auth,
      BATCH_TYPE.historicProcessInstanceDeletion,
      ensureTargets(ids, 'historicProcessInstanceIds'),
      {},
    );
  }

  /** runtimeService.deleteProcessInstancesAsync: running instances in an instance-deletion batch. */
  deleteProcessInstancesAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    parameters: InstanceDeletionParameters,
  ): Promise<BatchEntity> {
    return this.start(auth, BATCH_TYPE.processInstanceDeletion, ensureTargets(ids, 'processInstanceIds'), {
      ...parameters,
    });
  }

  /** runtimeService.updateProcessInstanceSuspensionState()...suspendAsync()/activateAsync(). */
  setProcessInstancesSuspensionAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    suspended: boolean,
  ): Promise<BatchEntity> {
    return this.start(auth, BATCH_TYPE.processInstanceSuspension, ensureInstanceIds(ids, 'process Instance Ids'), {
      suspended,
    });
  }

  /** runtimeService.createModification(...).executeAsync() and a single instance's modification executeAsync(). */
  modifyProcessInstancesAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    modification: Omit<ProcessInstanceModification, 'processInstanceId'>,
  ): Promise<BatchEntity> {
    if (!modification.instructions.length)
      throw new BadUserRequestError('Modification instructions cannot be empty: instructions is empty');
    return this.start(auth, BATCH_TYPE.processInstanceModification, ensureTargets(ids, 'Process instance ids'), {
      ...modification,
    });
  }

  /** historyService.setRemovalTimeToHistoricProcessInstances, executed async. */
  setProcessRemovalTimeAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    request: RemovalTimeRequest,
    hierarchical: boolean,
  ): Promise<BatchEntity> {
    const removalTime = removalTimeMode(request);
    return this.start(auth, BATCH_TYPE.processSetRemovalTime, ensureTargets(ids, 'historicProcessInstances'), {
      removalTime,
      hierarchical,
    });
  }

  /** historyService.setRemovalTimeToHistoricDecisionInstances, executed async. */
  setDecisionRemovalTimeAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    request: RemovalTimeRequest,
    hierarchical: boolean,
  ): Promise<BatchEntity> {
    const removalTime = removalTimeMode(request);
    return this.start(auth, BATCH_TYPE.decisionSetRemovalTime, ensureTargets(ids, 'historicDecisionInstances'), {
      removalTime,
      hierarchical,
    });
  }

  /** historyService.setRemovalTimeToHistoricBatches, executed async. */
  setBatchRemovalTimeAsync(
    auth: Authentication | null,
    ids: Array<string | null>,
    request: RemovalTimeRequest,
  ): Promise<BatchEntity> {
    const removalTime = removalTimeMode(request);
    return this.start(auth, BATCH_TYPE.batchSetRemovalTime, ensureTargets(ids, 'historicBatches'), { removalTime });
  }

  setSuspended(auth: Authentication | null, batchId: string, suspended: boolean): Promise<void> {
    return this.commands.execute(auth, new SetBatchSuspensionCmd(batchId, suspended));
  }

  delete(auth: Authentication | null, batchId: string, cascade: boolean): Promise<void> {
    return this.commands.execute(auth, new DeleteBatchCmd(batchId, cascade, this.settings));
  }

  deleteHistoric(auth: Authentication | null, batchId: string): Promise<void> {
    return this.commands.execute(auth, new DeleteHistoricBatchCmd(batchId));
  }
}
