import { ApiProperty } from '@nestjs/swagger';
import { BatchDto } from '../../common/dto/batch.dto';
import { BooleanField } from '../../common/validation/body-fields';

export { BatchDto, toBatchDto } from '../../common/dto/batch.dto';

/** Camunda's BatchStatisticsDto: the batch and how far its jobs got. */
export class BatchStatisticsDto extends BatchDto {
  @ApiProperty() remainingJobs: number;
  @ApiProperty() completedJobs: number;
  @ApiProperty() failedJobs: number;
}

export class BatchSuspensionStateDto {
  @BooleanField() suspended?: boolean | null;
}
