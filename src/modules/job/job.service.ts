import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { parseDate } from '../../engine/util/camunda-date';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import {
  SetJobRetriesDto,
  JobDto,
  toJobDto,
  JobRetriesDto,
  JobDuedateDto,
  JobPriorityDto,
  JobsSuspensionDto,
  JobSuspensionDto,
} from './job.dto';
import { JOB_LIST, JOB_QUERY } from './job.query';
import { BatchDto, toBatchDto } from '../../common/dto/batch.dto';
import { applyFilters } from '../../common/query/apply-query';
import { parsePostQuery } from '../../common/query/parse-query';

/** Jobs over REST (beyond the spec, as Camunda's JobRestService): lists, one job, execute, retries, stack trace. */
@Injectable()
export class JobRestService {
  readonly rows: ResourceQuery<JobEntity, JobDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, JOB_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<JobDto> {
    return toJobDto(await this.find(auth, id));
  }

  /** The stack trace of the job's last failure, or null when it never failed (204). */
  async stacktrace(auth: Authentication | null, id: string): Promise<string | null> {
    return (await this.find(auth, id)).exceptionStacktrace;
  }

  /** A job whose work fails keeps the failure; the controller's answers say how it reaches the client. */
  async execute(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.jobs.executeJob(auth, id);
  }

  async setRetries(auth: Authentication | null, id: string, dto: JobRetriesDto): Promise<void> {
    const retries = dto.retries;
    const dueDateText = dto.dueDate ?? null;
    const dueDate = dueDateText == null ? null : parseDate(dueDateText);
    if (dueDateText != null && !dueDate) throw new RestError(400, `Cannot set due date to value '${dueDateText}'`);
    await this.engine.jobs.setRetries(auth, id, retries, dueDate);
  }

  /** JobResourceImpl.updateSuspensionState: the job of the path. */
  async suspendOne(auth: Authentication | null, id: string, dto: JobSuspensionDto): Promise<void> {
    await this.suspend(auth, { ...dto, jobId: id });
  }

  /** JobRestServiceImpl.updateSuspensionState: by job definition, process instance or definition, never one by id. */
  async suspendMany(auth: Authentication | null, dto: JobsSuspensionDto): Promise<void> {
    if (dto.jobId != null)
      throw new RestError(
        400,
        'Either jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey can be set to update the suspension state.',
      );
    await this.suspend(auth, dto);
  }

  /**
   * JobRestServiceImpl.setRetries: a batch of type set-job-retries over the named jobs, those the query finds (among
   * the jobs the caller may read) and those of the named process instances.
   */
  async setRetriesAsync(auth: Authentication | null, dto: SetJobRetriesDto): Promise<BatchDto> {
    const dueDateText = dto.dueDate ?? null;
    const dueDate = dueDateText == null ? null : parseDate(dueDateText);
    if (dueDateText != null && !dueDate) throw new RestError(400, `Cannot set due date to value '${dueDateText}'`);
    const ids: string[] = [...(dto.jobIds ?? [])];
    if (dto.jobQuery != null) {
      const q = parsePostQuery(JOB_QUERY, dto.jobQuery, {}, false);
      const found = await this.rows.read(auth, (qb) =>
        applyFilters(qb, JOB_QUERY, q).select('j.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const j of found) ids.push(j.id);
    }
    const instances = dto.processInstanceIds ?? [];
    if (instances.length) {
      const found = await this.rows.read(auth, (qb) =>
        qb
          .andWhere('j.processInstanceId IN (:...pis)', { pis: instances })
          .select('j.id', 'id')
          .getRawMany<{ id: string }>(),
      );
      for (const j of found) ids.push(j.id);
    }
    return toBatchDto(await this.engine.batches.setJobRetriesAsync(auth, { jobIds: ids }, dto.retries, dueDate));
  }

  async delete(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.jobs.deleteJob(auth, id);
  }

  async setDuedate(auth: Authentication | null, id: string, dto: JobDuedateDto): Promise<void> {
    const text = dto.duedate ?? null;
    const dueDate = text == null ? null : parseDate(text);
    if (text != null && !dueDate) throw new RestError(400, `Cannot set due date to value '${text}'`);
    await this.engine.jobs.setJobDuedate(auth, id, dueDate);
  }

  async recalculateDuedate(
    auth: Authentication | null,
    id: string,
    creationDateBased: string | undefined,
  ): Promise<void> {
    await this.engine.jobs.recalculateJobDuedate(auth, id, creationDateBased !== 'false');
  }

  async setPriority(auth: Authentication | null, id: string, dto: JobPriorityDto): Promise<void> {
    if (dto.priority == null) throw new RestError(400, `Priority for job '${id}' cannot be null.`, 'RestException');
    await this.engine.jobs.setJobPriority(auth, id, dto.priority);
  }

  private async suspend(auth: Authentication | null, dto: JobsSuspensionDto): Promise<void> {
    const given = [
      dto.jobId,
      dto.jobDefinitionId,
      dto.processInstanceId,
      dto.processDefinitionId,
      dto.processDefinitionKey,
    ].filter((v) => v != null);
    if (given.length > 1)
      throw new RestError(
        400,
        'Only one of jobId, jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    if (!given.length)
      throw new RestError(
        400,
        'Either jobId, jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    const tenant =
      dto.processDefinitionTenantId != null
        ? { processDefinitionTenantId: dto.processDefinitionTenantId }
        : dto.processDefinitionWithoutTenantId === true
          ? { processDefinitionTenantId: null }
          : {};
    const selector = {
      ...(dto.jobId != null ? { jobId: dto.jobId } : {}),
      ...(dto.jobDefinitionId != null ? { jobDefinitionId: dto.jobDefinitionId } : {}),
      ...(dto.processInstanceId != null ? { processInstanceId: dto.processInstanceId } : {}),
      ...(dto.processDefinitionId != null ? { processDefinitionId: dto.processDefinitionId } : {}),
      ...(dto.processDefinitionKey != null ? { processDefinitionKey: dto.processDefinitionKey, ...tenant } : {}),
    };
    await this.engine.jobs.setJobSuspension(auth, selector, dto.suspended === true);
  }

  private async find(auth: Authentication | null, id: string): Promise<JobEntity> {
    const job = await this.engine.jobs.getJob(auth, id);
    if (!job) throw new RestError(404, `Job with id ${id} does not exist`);
    return job;
  }
}
