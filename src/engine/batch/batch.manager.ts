import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { CommandContext } from '../command/command-context';
import { JobManager } from '../entities/job.manager';
import { JobDefinitionManager, SUSPENSION } from '../entities/job-definition.manager';
import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';
import { HistoricBatchManager } from '../history/historic-batch.manager';
import { IncidentManager } from '../incident/incident.manager';
import { DAY_MS } from './batch-types';

/** The seed, monitor and batch job definitions of a batch. */
export function batchJobDefinitions(batch: BatchEntity): string[] {
  return [batch.seedJobDefinitionId, batch.monitorJobDefinitionId, batch.batchJobDefinitionId].filter(
    (d): d is string => d != null,
  );
}

/**
 * The one place that writes batches (Camunda's BatchManager): a batch row with its historic row, its start, end,
 * suspension and deletion, with what goes along (the jobs of its job definitions and their incidents), through the
 * command's unit of work. The batch row is revision-checked, so a suspension or deletion meanwhile makes a seed or
 * monitor job run again on fresh data.
 */
export class BatchManager {
  constructor(private readonly ctx: CommandContext) {}

  /** A new batch with its seed, monitor and batch job definitions (as Camunda names their types); its historic row too, unless history is off. */
  insert(batch: BatchEntity, withHistory: boolean): void {
    this.ctx.uow.insert(BatchEntity, batch);
    const definition = (id: string | null, jobType: string) =>
      Object.assign(new JobDefinitionEntity(), {
        id,
        rev: 1,
        processDefinitionId: null,
        processDefinitionKey: null,
        activityId: null,
        jobType,
        jobConfiguration: batch.id,
        suspensionState: batch.suspensionState ?? SUSPENSION.active,
        overridingJobPriority: null,
        tenantId: batch.tenantId,
        deploymentId: null,
      });
    this.ctx
      .manager(JobDefinitionManager)
      .insert([
        definition(batch.seedJobDefinitionId, 'batch-seed-job'),
        definition(batch.monitorJobDefinitionId, 'batch-monitor-job'),
        definition(batch.batchJobDefinitionId, batch.type),
      ]);
    if (!withHistory) return;
    const { rev: _rev, jobsCreated: _created, configuration: _config, suspensionState: _state, ...shared } = batch;
    this.ctx
      .manager(HistoricBatchManager)
      .insert(Object.assign(new HistoricBatchEntity(), { ...shared, endTime: null, removalTime: null }));
  }

  /** A loaded batch whose columns the command changes (jobs created): written at flush, revision-checked. */
  track(batch: BatchEntity): BatchEntity {
    return this.ctx.uow.track(BatchEntity, batch);
  }

  /** The seed job runs for the first time. */
  executionStarted(batch: BatchEntity, time: Date): void {
    this.track(batch).executionStartTime = time;
    this.ctx.manager(HistoricBatchManager).executionStarted(batch.id, time);
  }

  /**
   * Every batch job is done: the batch goes and its historic batch ends now, to be removed `ttlDays` later (the
   * history time to live of its type; null: kept).
   */
  complete(batch: BatchEntity, ttlDays: number | null): void {
    this.ctx.uow.delete(BatchEntity, this.track(batch));
    this.ctx.manager(JobDefinitionManager).deleteByIds(batchJobDefinitions(batch));
    this.endHistory(batch, ttlDays);
  }

  /**
   * The batch goes with its jobs and their incidents; its historic batch ends (`removalTime`) or, with
   * `cascade`, goes too, together with the job log of the batch's jobs.
   */
  delete(batch: BatchEntity, cascade: boolean, ttlDays: number | null): void {
    this.ctx.uow.delete(BatchEntity, this.track(batch));
    const defs = batchJobDefinitions(batch);
    this.ctx.manager(IncidentManager).removeOfJobDefinitions(defs);
    this.ctx.manager(JobManager).deleteOfJobDefinitions(defs);
    this.ctx.manager(JobDefinitionManager).deleteByIds(defs);
    if (cascade) this.ctx.manager(HistoricBatchManager).removeWithJobDefinitions(batch.id, defs);
    else this.endHistory(batch, ttlDays);
  }

  private endHistory(batch: BatchEntity, ttlDays: number | null): void {
    const end = this.ctx.now();
    const removalTime = ttlDays == null ? null : new Date(end.getTime() + ttlDays * DAY_MS);
    this.ctx.manager(HistoricBatchManager).ended(batch.id, end, removalTime);
  }

  /** Suspends (2) or activates (1) the batch and every job of its job definitions. */
  setSuspension(batch: BatchEntity, suspensionState: number): void {
    this.track(batch).suspensionState = suspensionState;
    this.ctx.manager(JobDefinitionManager).setSuspensionOfIds(batchJobDefinitions(batch), suspensionState);
    this.ctx.manager(JobManager).setSuspensionOfJobDefinitions(batchJobDefinitions(batch), suspensionState);
  }
}
