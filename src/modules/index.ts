import { AuthorizationModule } from './authorization/authorization.module';
import { EngineRestModule } from './engine/engine-rest.module';
import { GroupModule } from './group/group.module';
import { UserModule } from './user/user.module';
import { TenantModule } from './tenant/tenant.module';
import { IdentityModule } from './identity/identity.module';
import { DeploymentModule } from './deployment/deployment.module';
import { ProcessDefinitionModule } from './process-definition/process-definition.module';
import { DecisionModule } from './decision/decision.module';
import { DecisionRequirementsModule } from './decision-requirements/decision-requirements.module';
import { HistoryModule } from './history/history.module';
import { ExecutionModule } from './execution/execution.module';
import { EventSubscriptionModule } from './event-subscription/event-subscription.module';
import { ProcessInstanceModule } from './process-instance/process-instance.module';
import { TaskModule } from './task/task.module';
import { FilterModule } from './filter/filter.module';
import { ExternalTaskModule } from './external-task/external-task.module';
import { IncidentModule } from './incident/incident.module';
import { BatchModule } from './batch/batch.module';
import { MessageModule } from './message/message.module';
import { SignalModule } from './signal/signal.module';
import { MigrationModule } from './migration/migration.module';
import { ConditionModule } from './condition/condition.module';
import { JobModule } from './job/job.module';
import { JobDefinitionModule } from './job-definition/job-definition.module';
import { HealthModule } from './health/health.module';
import { VariableInstanceModule } from './variable-instance/variable-instance.module';
import { VersionModule } from './version/version.module';
import { SchemaLogModule } from './schema-log/schema-log.module';
import { MeterLogModule } from './meter-log/meter-log.module';
import { TelemetryModule } from './telemetry/telemetry.module';

/**
 * Every REST resource module; each new family adds itself here. Express tries routes in this order, one
 * pattern match per route until one fits, so the families on the hot paths (fetchAndLock and complete,
 * start, evaluate, task completion, messages) come first: behind some 200 other routes, matching cost about
 * 50 µs per request. The families' paths do not overlap, so the order changes nothing else.
 */
export const RESOURCE_MODULES = [
  ExternalTaskModule,
  ProcessDefinitionModule,
  DecisionModule,
  TaskModule,
  MessageModule,
  EngineRestModule,
  UserModule,
  GroupModule,
  TenantModule,
  IdentityModule,
  AuthorizationModule,
  DeploymentModule,
  DecisionRequirementsModule,
  HistoryModule,
  ExecutionModule,
  EventSubscriptionModule,
  ProcessInstanceModule,
  FilterModule,
  IncidentModule,
  BatchModule,
  SignalModule,
  MigrationModule,
  ConditionModule,
  JobModule,
  VariableInstanceModule,
  VersionModule,
  SchemaLogModule,
  MeterLogModule,
  TelemetryModule,
  JobDefinitionModule,
  HealthModule,
];
