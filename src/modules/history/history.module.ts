import { Module } from '@nestjs/common';
import { HistoricExternalTaskLogController } from './external-task-log/historic-external-task-log.controller';
import { HistoricExternalTaskLogService } from './external-task-log/historic-external-task-log.service';
import { HistoricJobLogController } from './job-log/historic-job-log.controller';
import { HistoricJobLogService } from './job-log/historic-job-log.service';
import { UserOperationLogController } from './user-operation-log/user-operation-log.controller';
import { UserOperationLogRestService } from './user-operation-log/user-operation-log.service';
import { HistoricActivityInstanceController } from './activity-instance/historic-activity-instance.controller';
import { HistoricActivityInstanceService } from './activity-instance/historic-activity-instance.service';
import { HistoricDecisionInstanceController } from './decision-instance/historic-decision-instance.controller';
import { HistoricDecisionInstanceService } from './decision-instance/historic-decision-instance.service';
import { HistoricBatchController } from './batch/historic-batch.controller';
import { HistoryCleanupController } from './cleanup/history-cleanup.controller';
import { HistoricBatchService } from './batch/historic-batch.service';
import { HistoricDetailController } from './detail/historic-detail.controller';
import { HistoricDetailService } from './detail/historic-detail.service';
import { HistoricProcessInstanceController } from './process-instance/historic-process-instance.controller';
import { HistoricProcessInstanceService } from './process-instance/historic-process-instance.service';
import { HistoricIdentityLinkLogController } from './identity-link-log/historic-identity-link-log.controller';
import { HistoricIdentityLinkLogService } from './identity-link-log/historic-identity-link-log.service';
import { HistoricProcessDefinitionController } from './process-definition/historic-process-definition.controller';
import { HistoricProcessDefinitionService } from './process-definition/historic-process-definition.service';
import { HistoricIncidentController } from './incident/historic-incident.controller';
import { HistoricIncidentService } from './incident/historic-incident.service';
import { HistoricTaskInstanceController } from './task-instance/historic-task-instance.controller';
import { HistoricTaskInstanceService } from './task-instance/historic-task-instance.service';
import { HistoricTaskReportService } from './task-instance/historic-task-report.service';
import { HistoricVariableInstanceController } from './variable-instance/historic-variable-instance.controller';
import { HistoricVariableInstanceService } from './variable-instance/historic-variable-instance.service';

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
    HistoricIdentityLinkLogController,
    HistoricProcessDefinitionController,
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
    HistoricTaskReportService,
    HistoricIncidentService,
    HistoricIdentityLinkLogService,
    HistoricProcessDefinitionService,
    HistoricExternalTaskLogService,
    HistoricJobLogService,
    UserOperationLogRestService,
  ],
})
export class HistoryModule {}
