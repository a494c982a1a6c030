import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { ResourceQuery } from '../../common/query/resource-query';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { parseDate } from '../../engine/util/camunda-date';
import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';
import {
  JobDefinitionDto,
  JobDefinitionPriorityDto,
  JobDefinitionRetriesDto,
  JobDefinitionsSuspensionDto,
  JobDefinitionSuspensionDto,
} from './job-definition.dto';
import { JOB_DEFINITION_LIST } from './job-definition.query';

/** Job definitions over REST (Camunda's JobDefinitionRestService): lists, one, suspension, retries, priority. */
@Injectable()
export class JobDefinitionRestService {
  readonly rows: ResourceQuery<JobDefinitionEntity, JobDefinitionDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, JOB_DEFINITION_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<JobDefinitionDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw new RestError(404, `Job Definition with id ${id} does not exist`);
    return found;
  }

  /** JobDefinitionResourceImpl.updateSuspensionState: the one of the path. */
  async suspendOne(auth: Authentication | null, id: string, dto: JobDefinitionSuspensionDto): Promise<void> {
    await this.suspend(auth, { ...dto, jobDefinitionId: id });
  }

  /** JobDefinitionRestServiceImpl.updateSuspensionState: those of a process definition, never one by id. */
  async suspendMany(auth: Authentication | null, dto: JobDefinitionsSuspensionDto): Promise<void> {
    if (dto.jobDefinitionId != null)
      throw new RestError(
        400,
        'Either processDefinitionId or processDefinitionKey can be set to update the suspension state.',
      );
    await this.suspend(auth, dto);
  }

  async setRetries(auth: Authentication | null, id: string, dto: JobDefinitionRetriesDto): Promise<void> {
    const dueDateText = dto.dueDate ?? null;
    const dueDate = dueDateText == null ? null : parseDate(dueDateText);
    if (dueDateText != null && !dueDate) throw new RestError(400, `Cannot set due date to value '${dueDateText}'`);
    await this.engine.jobs.setJobDefinitionRetries(auth, id, dto.retries, dueDate);
  }

  async setPriority(auth: Authentication | null, id: string, dto: JobDefinitionPriorityDto): Promise<void> {
    const includeJobs = dto.includeJobs === true;
    const priority = dto.priority ?? null;
    if (priority == null && includeJobs)
      throw new RestError(400, `Cannot reset priority for job definition ${id} with includeJobs=true`);
    await this.engine.jobs.setJobDefinitionPriority(auth, id, priority, includeJobs);
  }

  private async suspend(auth: Authentication | null, dto: JobDefinitionsSuspensionDto): Promise<void> {
    const given = [dto.jobDefinitionId, dto.processDefinitionId, dto.processDefinitionKey].filter((v) => v != null);
    if (given.length > 1)
      throw new RestError(
        400,
        'Only one of jobDefinitionId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    if (!given.length)
      throw new RestError(
        400,
        'Either jobDefinitionId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    if (dto.executionDate != null && dto.executionDate !== '')
      throw new RestError(400, 'A delayed suspension state change (executionDate) is not supported');
    const tenant =
      dto.processDefinitionTenantId != null
        ? { processDefinitionTenantId: dto.processDefinitionTenantId }
        : dto.processDefinitionWithoutTenantId === true
          ? { processDefinitionTenantId: null }
          : {};
    await this.engine.jobs.setJobDefinitionSuspension(
      auth,
      {
        ...(dto.jobDefinitionId != null ? { jobDefinitionId: dto.jobDefinitionId } : {}),
        ...(dto.processDefinitionId != null ? { processDefinitionId: dto.processDefinitionId } : {}),
        ...(dto.processDefinitionKey != null ? { processDefinitionKey: dto.processDefinitionKey, ...tenant } : {}),
      },
      dto.suspended === true,
      dto.includeJobs === true,
    );
  }
}
