import { Module } from '@nestjs/common';
import { HistoricExternalTaskLogController } from './historic-external-task-log.controller';
import { HistoricExternalTaskLogService } from './historic-external-task-log.service';
import { HistoricJobLogController } from './historic-job-log.controller';
import { HistoricJobLogService } from './historic-job-log.service';
import { UserOperationLogController } from './user-operation-log.controller';
import { UserOperationLogService } from './user-operation-log.service';
import { HistoricActivityInstanceController } from './historic-activity-instance.controller';
import { HistoricActivityInstanceService } from './historic-activity-instance.service';
import { HistoricDecisionInstanceController } from './historic-decision-instance.controller';
import { HistoricDecisionInstanceService } from './historic-decision-instance.service';
import { HistoricBatchController } from './historic-batch.controller';
import { HistoryCleanupController } from './history-cleanup.controller';
import { HistoricBatchService } from './historic-batch.service';
import { HistoricDetailController } from './historic-detail.controller';
import { HistoricDetailService } from './historic-detail.service';
import { HistoricProcessInstanceController } from './historic-process-instance.controller';
import { HistoricProcessInstanceService } from './historic-process-instance.service';
import { HistoricIncidentController } from './historic-incident.controller';
import { HistoricIncidentService } from './historic-incident.service';
import { HistoricTaskInstanceController } from './historic-task-instance.controller';
import { HistoricTaskInstanceService } from './historic-task-instance.service';
import { HistoricVariableInstanceController } from './historic-variable-instance.controller';
import { HistoricVariableInstanceService } from './historic-variable-instance.service';

@Module({
  controllers: [
    HistoryCleanupController,
    HistoricBatchController,
    HistoricDecisionInstanceController,
    HistoricActivityInstanceController,
    HistoricDetailController,
    HistoricProcessInstanceController,
    HistoricVariableInstanceController,
    HistoricTaskInstanceController,
    HistoricIncidentController,
    HistoricExternalTaskLogController,
    HistoricJobLogController,
    UserOperationLogController,
  ],
  providers: [
    HistoricBatchService,
    HistoricDecisionInstanceService,
    HistoricActivityInstanceService,
    HistoricDetailService,
    HistoricProcessInstanceService,
    HistoricVariableInstanceService,
    HistoricTaskInstanceService,
    HistoricIncidentService,
    HistoricExternalTaskLogService,
    HistoricJobLogService,
    UserOperationLogService,
  ],
})
export class HistoryModule {}
