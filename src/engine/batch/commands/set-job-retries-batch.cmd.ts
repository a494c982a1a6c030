import { In } from 'typeorm';
import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { BadUserRequestError } from '../../errors';
import { idChunks } from '../../history/process-history-tables';
import { BATCH_TYPE, JobRetriesParameters } from '../batch-types';
import { BatchSizes, CreateBatchCmd } from './create-batch.cmd';

/** The jobs a set-job-retries batch works on: given by id, or every job of the given process instances. */
export type JobRetriesTargets = { jobIds: Array<string | null> } | { processInstanceIds: string[] };

/**
 * managementService.setJobRetriesAsync / setJobRetriesByProcessAsync (Camunda's AbstractSetJobsRetriesBatchCmd): a
 * set-job-retries batch over job ids; the jobs of process instances are found here, as Camunda does, whatever the
 * caller may read. Needs CREATE or CREATE_BATCH_SET_JOB_RETRIES on Batch.
 */
export class SetJobRetriesBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly targets: JobRetriesTargets,
    private readonly parameters: JobRetriesParameters,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    const given = 'jobIds' in this.targets ? this.targets.jobIds : await this.jobsOf(ctx);
    if (!given.length) throw new BadUserRequestError('jobIds is empty');
    if (given.some((id) => id == null)) throw new BadUserRequestError('jobIds contains null value');
    const jobIds = [...new Set(given as string[])];
    if (this.parameters.retries < 0)
      // EnsureUtil's form: "<message>: <variable> <condition>".
      throw new BadUserRequestError(
        'Retries count: retries is not greater than or equal to 0',
        'ProcessEngineException',
      );
    return new CreateBatchCmd(
      BATCH_TYPE.setJobRetries,
      { ids: jobIds, parameters: { ...this.parameters } },
      this.sizes,
    ).execute(ctx);
  }

  private async jobsOf(ctx: RuntimeContext): Promise<string[]> {
    const instanceIds = [...new Set((this.targets as { processInstanceIds: string[] }).processInstanceIds)];
    const ids: string[] = [];
    for (const part of idChunks(instanceIds)) {
      const jobs = await ctx.em
        .getRepository(JobEntity)
        .find({ select: { id: true }, where: { processInstanceId: In(part) }, order: { id: 'ASC' } });
      for (const j of jobs) ids.push(j.id);
    }
    return ids;
  }
}
