import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { parseDate } from '../../engine/util/camunda-date';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { JobDto, toJobDto, JobRetriesDto } from './job.dto';
import { JOB_LIST } from './job.query';

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

  private async find(auth: Authentication | null, id: string): Promise<JobEntity> {
    const job = await this.engine.jobs.getJob(auth, id);
    if (!job) throw new RestError(404, `Job with id ${id} does not exist`);
    return job;
  }
}
