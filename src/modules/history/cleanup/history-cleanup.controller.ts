import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { JobDto } from '../../../common/dto/job.dto';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricBatchService } from '../batch/historic-batch.service';

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
}
