/** The library entry: what a Nest application imports to embed the engine (see docs/embedding.md). */
export { EngineModule, ENGINE_DATA_SOURCE } from './engine.module';
export {
  DELEGATE_REGISTRY,
  ENGINE_MODULE_OPTIONS,
  MapDelegateRegistry,
  type EngineAuth,
  type EngineDatabase,
  type EngineModuleAsyncOptions,
  type EngineModuleOptions,
  type EngineModuleRootOptions,
  type EngineRoutingOptions,
} from './engine-module-options';
export { setupEngineSwagger } from './engine-swagger';
export { APP_CONFIG, type AppConfig } from './common/app-config';
export { loadConfig } from './config/app-config';
export {
  ProcessDelegate,
  ExternalTaskSubscription,
  type ExternalTaskSubscriptionOptions,
} from './delegates/delegate.decorators';
export {
  InProcessWorker,
  type InProcessTask,
  type InProcessTaskService,
  type InProcessHandler,
} from './delegates/in-process-worker';
export { ProcessEngine } from './engine/process-engine';
export { ENGINE_DEFAULTS, type DelegateRegistry, type EngineOptions, type HistoryLevel } from './engine/options';
export { BpmnError } from './engine/errors';
export { untypedValue, plainValue, type TypedValue, type VariableMap } from './engine/variables/typed-value';
export type { ExpressionExecution as DelegateExecution } from './engine/expression';
export type { DelegateTask } from './engine/bpmn/runtime/delegate-task';
export type { Authentication } from './engine/command/authentication';
export { ENTITIES as ENGINE_ENTITIES } from './persistence/entities';
export { MIGRATIONS as ENGINE_MIGRATIONS } from './persistence/migrations';
export { createApp } from './app.factory';
