import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, IntegerField, LongField, StringField } from '../../common/validation/body-fields';
import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';

/** Camunda's JobDefinitionDto. */
export class JobDefinitionDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiProperty() jobType: string;
  @ApiPropertyOptional({ nullable: true }) jobConfiguration: string | null;
  @ApiPropertyOptional({ nullable: true }) overridingJobPriority: number | null;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
}

export function toJobDefinitionDto(d: JobDefinitionEntity): JobDefinitionDto {
  return {
    id: d.id,
    processDefinitionId: d.processDefinitionId,
    processDefinitionKey: d.processDefinitionKey,
    activityId: d.activityId,
    jobType: d.jobType,
    jobConfiguration: d.jobConfiguration,
    overridingJobPriority: d.overridingJobPriority,
    suspended: d.suspensionState === 2,
    tenantId: d.tenantId,
    deploymentId: d.deploymentId,
  };
}

/** PUT /job-definition/{id}/suspended (Camunda's JobDefinitionSuspensionStateDto, the id from the path). */
export class JobDefinitionSuspensionDto {
  @BooleanField() suspended?: boolean | null;
  @BooleanField() includeJobs?: boolean | null;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) executionDate?: string | null;
}

/** PUT /job-definition/suspended: by process definition id or key. */
export class JobDefinitionsSuspensionDto extends JobDefinitionSuspensionDto {
  @StringField() jobDefinitionId?: string | null;
  @StringField() processDefinitionId?: string | null;
  @StringField() processDefinitionKey?: string | null;
  @StringField() processDefinitionTenantId?: string | null;
  @BooleanField() processDefinitionWithoutTenantId?: boolean | null;
}

export class JobDefinitionRetriesDto {
  @IntegerField({ required: "The number of job retries must be a non-negative Integer, but 'null' has been provided." })
  retries: number;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}

export class JobDefinitionPriorityDto {
  @LongField() priority?: number | null;
  @BooleanField() includeJobs?: boolean | null;
}
