import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { JobDto } from '../../../common/dto/job.dto';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricBatchService } from '../batch/historic-batch.service';

/** Camunda's HistoryCleanupConfigurationDto: the current or next batch window, and whether the cleanup runs at all. */
export class HistoryCleanupConfigurationDto {
  @ApiProperty({ nullable: true, type: String }) batchWindowStartTime: string | null;
  @ApiProperty({ nullable: true, type: String }) batchWindowEndTime: string | null;
  @ApiProperty() enabled: boolean;
}

/** Beyond the spec: Camunda's POST /history/cleanup, the cleanup job due now (camunda-admin only). */
@ApiTags('History Cleanup')
@ApiBasicAuth()
@Controller('history/cleanup')
export class HistoryCleanupController {
  constructor(private readonly history: HistoricBatchService) {}

  @Post()
  @HttpCode(200)
  @ApiQuery({ name: 'immediatelyDue', required: false, type: Boolean })
  @ApiOkResponse({ type: JobDto })
  cleanUp(@Auth() auth: Authentication | null, @Query('immediatelyDue') immediatelyDue?: string) {
    return this.history.cleanUp(auth, immediatelyDue !== 'false');
  }

  @Get('job')
  @ApiOkResponse({ type: JobDto })
  job(@Auth() auth: Authentication | null) {
    return this.history.cleanupJob(auth);
  }

  @Get('jobs')
  @ApiOkResponse({ type: JobDto, isArray: true })
  jobs(@Auth() auth: Authentication | null) {
    return this.history.cleanupJobs(auth);
  }

  @Get('configuration')
  @ApiOkResponse({ type: HistoryCleanupConfigurationDto })
  configuration(): HistoryCleanupConfigurationDto {
    return this.history.cleanupConfiguration();
  }
}
