import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { integerOrNull, objectOrNull, stringOrNull } from '../../common/http/json-body';
import { Authentication } from '../../engine/authorization/authentication';
import { AuthorizationError, EngineError, NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { parseDate } from '../../engine/util/camunda-date';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { JobDto, toJobDto } from './job.dto';
import { JOB_LIST } from './job.query';

/** Jobs over REST (beyond the spec, as Camunda's JobRestService): lists, one job, execute, retries, stack trace. */
@Injectable()
export class JobService {
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

  /** 404 for an unknown job; a job whose work fails answers 500 with the failure (and keeps it on the job). */
  async execute(auth: Authentication | null, id: string): Promise<void> {
    try {
      await this.engine.jobs.executeJob(auth, id);
    } catch (err) {
      if (err instanceof AuthorizationError) throw err;
      if (err instanceof NotFoundError) throw new RestError(404, `${err.message}: job is null`);
      throw new RestError(500, err instanceof Error ? err.message : String(err), 'RestException', err instanceof EngineError ? err.code : null);
    }
  }

  async setRetries(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const dto = objectOrNull(body) ?? {};
    const retries = integerOrNull(dto, 'retries');
    if (retries == null) throw new RestError(400, 'The number of job retries must be a non-negative Integer, but \'null\' has been provided.');
    const dueDateText = stringOrNull(dto, 'dueDate');
    const dueDate = dueDateText == null ? null : parseDate(dueDateText);
    if (dueDateText != null && !dueDate) throw new RestError(400, `Cannot set due date to value '${dueDateText}'`);
    try {
      await this.engine.jobs.setRetries(auth, id, retries, dueDate);
    } catch (err) {
      if (err instanceof NotFoundError) throw new RestError(404, err.message);
      throw err;
    }
  }

  private async find(auth: Authentication | null, id: string): Promise<JobEntity> {
    const job = await this.engine.jobs.getJob(auth, id);
    if (!job) throw new RestError(404, `Job with id ${id} does not exist`);
    return job;
  }
}
