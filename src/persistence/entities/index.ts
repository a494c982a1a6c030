import { PropertyEntity } from './property.entity';
import { UserEntity } from './identity/user.entity';
import { GroupEntity } from './identity/group.entity';
import { MembershipEntity } from './identity/membership.entity';
import { TenantEntity } from './identity/tenant.entity';
import { TenantMembershipEntity } from './identity/tenant-membership.entity';
import { AuthorizationEntity } from './identity/authorization.entity';
import { DeploymentEntity } from './repository/deployment.entity';
import { ResourceEntity } from './repository/resource.entity';
import { ProcessDefinitionEntity } from './repository/process-definition.entity';
import { DecisionDefinitionEntity } from './repository/decision-definition.entity';
import { DecisionRequirementsDefinitionEntity } from './repository/decision-requirements-definition.entity';
import { HistoricDecisionInstanceEntity } from './history/historic-decision-instance.entity';
import { HistoricDecisionInputEntity } from './history/historic-decision-input.entity';
import { HistoricDecisionOutputEntity } from './history/historic-decision-output.entity';
import { ExecutionEntity } from './runtime/execution.entity';
import { VariableEntity } from './runtime/variable.entity';
import { TaskEntity } from './runtime/task.entity';
import { IdentityLinkEntity } from './runtime/identity-link.entity';
import { ExternalTaskEntity } from './runtime/external-task.entity';
import { EventSubscriptionEntity } from './runtime/event-subscription.entity';
import { IncidentEntity } from './runtime/incident.entity';
import { JobEntity } from './runtime/job.entity';
import { JobDefinitionEntity } from './runtime/job-definition.entity';
import { HistoricProcessInstanceEntity } from './history/historic-process-instance.entity';
import { HistoricActivityInstanceEntity } from './history/historic-activity-instance.entity';
import { HistoricDetailEntity } from './history/historic-detail.entity';
import { CommentEntity } from './history/comment.entity';
import { AttachmentEntity } from './history/attachment.entity';
import { FilterEntity } from './runtime/filter.entity';
import { BatchEntity } from './runtime/batch.entity';
import { HistoricBatchEntity } from './history/historic-batch.entity';
import { HistoricVariableInstanceEntity } from './history/historic-variable-instance.entity';
import { HistoricTaskInstanceEntity } from './history/historic-task-instance.entity';
import { HistoricIncidentEntity } from './history/historic-incident.entity';
import { HistoricExternalTaskLogEntity } from './history/historic-external-task-log.entity';
import { HistoricJobLogEntity } from './history/historic-job-log.entity';
import { HistoricIdentityLinkLogEntity } from './history/historic-identity-link-log.entity';
import { UserOperationLogEntryEntity } from './history/user-operation-log-entry.entity';
import { MeterLogEntity } from './runtime/meter-log.entity';

/** Every entity, listed explicitly (glob loading does not work under jest's module registry). */
export const ENTITIES = [
  PropertyEntity,
  UserEntity,
  GroupEntity,
  MembershipEntity,
  TenantEntity,
  TenantMembershipEntity,
  AuthorizationEntity,
  DeploymentEntity,
  ResourceEntity,
  ProcessDefinitionEntity,
  DecisionDefinitionEntity,
  DecisionRequirementsDefinitionEntity,
  HistoricDecisionInstanceEntity,
  HistoricDecisionInputEntity,
  HistoricDecisionOutputEntity,
  ExecutionEntity,
  VariableEntity,
  TaskEntity,
  IdentityLinkEntity,
  ExternalTaskEntity,
  EventSubscriptionEntity,
  IncidentEntity,
  JobEntity,
  JobDefinitionEntity,
  HistoricProcessInstanceEntity,
  HistoricActivityInstanceEntity,
  HistoricDetailEntity,
  CommentEntity,
  AttachmentEntity,
  FilterEntity,
  BatchEntity,
  HistoricBatchEntity,
  HistoricVariableInstanceEntity,
  HistoricTaskInstanceEntity,
  HistoricIncidentEntity,
  HistoricExternalTaskLogEntity,
  HistoricJobLogEntity,
  HistoricIdentityLinkLogEntity,
  UserOperationLogEntryEntity,
  MeterLogEntity,
];
