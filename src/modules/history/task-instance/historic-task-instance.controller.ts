import { Controller, Get, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiExtraModels, ApiOkResponse, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HISTORIC_TASK_INSTANCE_LIST } from './historic-task-instance.query';
import { HistoricTaskInstanceService } from './historic-task-instance.service';
import { DurationReportResultDto, HistoricTaskInstanceReportResultDto } from './historic-task-report.dto';
import { HistoricTaskReportService } from './historic-task-report.service';

@ApiTags('Historic Task Instance')
@ApiBasicAuth()
@Controller('history/task')
@ListRoutes(HISTORIC_TASK_INSTANCE_LIST, (c: HistoricTaskInstanceController) => c.history.rows)
@ApiExtraModels(HistoricTaskInstanceReportResultDto, DurationReportResultDto)
export class HistoricTaskInstanceController {
  constructor(
    readonly history: HistoricTaskInstanceService,
    private readonly reports: HistoricTaskReportService,
  ) {}

  @Get('report')
  @ApiQuery({ name: 'reportType', required: false, enum: ['count', 'duration'] })
  @ApiQuery({ name: 'periodUnit', required: false, enum: ['month', 'quarter'] })
  @ApiQuery({ name: 'groupBy', required: false, enum: ['taskName', 'processDefinition'] })
  @ApiQuery({ name: 'completedBefore', required: false, type: String })
  @ApiQuery({ name: 'completedAfter', required: false, type: String })
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: {
        oneOf: [
          { $ref: getSchemaPath(HistoricTaskInstanceReportResultDto) },
          { $ref: getSchemaPath(DurationReportResultDto) },
        ],
      },
    },
  })
  report(@Auth() auth: Authentication | null, @Query() query: Record<string, unknown>) {
    return this.reports.report(auth, query);
  }
}
