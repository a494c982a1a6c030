import {
  BooleanField,
  IntegerField,
  LongField,
  ObjectField,
  StringArrayField,
  StringField,
} from '../../common/validation/body-fields';

export { JobDto, toJobDto } from '../../common/dto/job.dto';

export class JobRetriesDto {
  @IntegerField({ required: "The number of job retries must be a non-negative Integer, but 'null' has been provided." })
  retries: number;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}

/** PUT /job/{id}/suspended and PUT /job/suspended (Camunda's JobSuspensionStateDto). */
export class JobSuspensionDto {
  @BooleanField() suspended?: boolean | null;
}

export class JobsSuspensionDto extends JobSuspensionDto {
  @StringField() jobId?: string | null;
  @StringField() jobDefinitionId?: string | null;
  @StringField() processInstanceId?: string | null;
  @StringField() processDefinitionId?: string | null;
  @StringField() processDefinitionKey?: string | null;
  @StringField() processDefinitionTenantId?: string | null;
  @BooleanField() processDefinitionWithoutTenantId?: boolean | null;
}

export class JobDuedateDto {
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) duedate?: string | null;
  @BooleanField() cascade?: boolean | null;
}

export class JobPriorityDto {
  @LongField() priority?: number | null;
}

/** POST /job/retries (Camunda's SetJobRetriesDto): the union of the jobs named, found by the query, of the instances. */
export class SetJobRetriesDto {
  @StringArrayField() jobIds?: string[] | null;
  @ObjectField() jobQuery?: Record<string, unknown> | null;
  @StringArrayField() processInstanceIds?: string[] | null;
  @IntegerField({ required: 'retries is null' }) retries: number;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}
