import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';
import { JobDefinitionDto, toJobDefinitionDto } from './job-definition.dto';

/** GET /job-definition and /job-definition/count over `act_ru_jobdef d` (Camunda's JobDefinitionQueryDto). */
export const JOB_DEFINITION_QUERY: QuerySpec = {
  params: {
    jobDefinitionId: f.eq('d.id'),
    activityIdIn: f.in('d.activityId'),
    processDefinitionId: f.eq('d.processDefinitionId'),
    processDefinitionKey: f.eq('d.processDefinitionKey'),
    jobType: f.eq('d.jobType'),
    jobConfiguration: f.eq('d.jobConfiguration'),
    active: f.flag('d.suspensionState = 1'),
    suspended: f.flag('d.suspensionState = 2'),
    withOverridingJobPriority: f.flag('d.overridingJobPriority IS NOT NULL'),
    ...tenantParams('d.tenantId', 'includeJobDefinitionsWithoutTenantId'),
  },
  sortBy: {
    jobDefinitionId: 'd.id',
    activityId: 'd.activityId',
    processDefinitionId: 'd.processDefinitionId',
    processDefinitionKey: 'd.processDefinitionKey',
    jobType: 'd.jobType',
    jobConfiguration: 'd.jobConfiguration',
    tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};

/** Camunda lists the job definitions of process definitions the caller may READ. */
export const JOB_DEFINITION_LIST: QueryResource<JobDefinitionEntity, JobDefinitionDto> = {
  entity: JobDefinitionEntity,
  alias: 'd',
  restrict: { permission: 'READ', resource: Resources.PROCESS_DEFINITION, column: 'd.processDefinitionKey' },
  spec: JOB_DEFINITION_QUERY,
  dto: JobDefinitionDto,
  toDto: toJobDefinitionDto,
};
