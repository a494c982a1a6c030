import { IntegerField, StringField } from '../../common/validation/body-fields';

export { JobDto, toJobDto } from '../../common/dto/job.dto';

export class JobRetriesDto {
  @IntegerField({ required: "The number of job retries must be a non-negative Integer, but 'null' has been provided." })
  retries: number;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}
