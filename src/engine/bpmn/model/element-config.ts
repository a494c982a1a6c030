import type { CompiledExpression } from '../../expression';
import type { TimerEventDefinition } from './timer-definition';

/** camunda:asyncBefore/asyncAfter/exclusive, job priority and the retry cycle of the jobs they create. */
export interface AsyncConfig {
  readonly asyncBefore: boolean;
  readonly asyncAfter: boolean;
  readonly exclusive: boolean;
  readonly jobPriority: CompiledExpression | null;
  /** camunda:failedJobRetryTimeCycle, e.g. `R3/PT5M`; may be an expression. */
  readonly failedJobRetryTimeCycle: CompiledExpression | null;
}

/**
 * JavaScript from the deployment, run in the WebAssembly sandbox: inline `source`, or the text of
 * another resource of the same deployment (`camunda:resource="deployment://name"`).
 */
export interface ScriptDefinition {
  /** As written in the model (javascript, js, ecmascript in any case). */
  readonly language: string;
  readonly source: string | null;
  readonly resource: string | null;
}

/** A camunda:inputParameter/outputParameter value. */
export type IoValue =
  | { readonly kind: 'null' }
  | { readonly kind: 'script'; readonly script: ScriptDefinition }
  | { readonly kind: 'expression'; readonly expression: CompiledExpression }
  | { readonly kind: 'list'; readonly items: readonly IoValue[] }
  | { readonly kind: 'map'; readonly entries: readonly { readonly key: string; readonly value: IoValue }[] };

export interface IoParameter {
  readonly name: string;
  readonly value: IoValue;
}

export interface IoMapping {
  readonly inputs: readonly IoParameter[];
  readonly outputs: readonly IoParameter[];
}

export interface MultiInstanceConfig {
  /** Camunda's id for the activity that wraps the instances: `<activityId>#multiInstanceBody`. */
  readonly bodyId: string;
  readonly isSequential: boolean;
  readonly loopCardinality: CompiledExpression | null;
  /** camunda:collection: an expression, or the name of a variable holding the collection. */
  readonly collection:
    | { readonly kind: 'expression'; readonly expression: CompiledExpression }
    | { readonly kind: 'variable'; readonly name: string }
    | null;
  readonly elementVariable: string | null;
  readonly completionCondition: CompiledExpression | null;
  /** async flags on the loop characteristics apply to the multi-instance body. */
  readonly async: AsyncConfig;
}

/**
 * Host code a model names (embedded engines only, see `EngineOptions.delegates`): `camunda:class` (a registered
 * name), `camunda:delegateExpression` (evaluates to a registered object) or `camunda:expression` (a bean
 * method expression, evaluated for its effect; its value goes to `resultVariable`).
 */
export type DelegateRef =
  | { readonly kind: 'class'; readonly name: string }
  | { readonly kind: 'delegateExpression'; readonly expression: CompiledExpression }
  | { readonly kind: 'expression'; readonly expression: CompiledExpression; readonly resultVariable: string | null };

/**
 * An expression listener; execution listeners of an embedded engine may also name host code (`delegate`). Script
 * execution listeners are ScriptListenerConfig.
 */
export interface ExpressionListenerConfig {
  /** start/end/take for execution listeners; create/assignment/complete/delete/update/timeout for task listeners. */
  readonly event: string;
  readonly expression: CompiledExpression;
  readonly id: string | null;
  /** A class or delegateExpression listener: called with `notify(execution)` instead of evaluating `expression`. */
  readonly delegate?: DelegateRef;
  /** A `timeout` task listener's timer: a job fires the listener when it is due; the task stays. */
  readonly timer?: TimerEventDefinition;
}

/** A listener whose work is JavaScript, run in the sandbox. */
export interface ScriptListenerConfig {
  readonly event: string;
  readonly script: ScriptDefinition;
  readonly id: string | null;
  /** As on ExpressionListenerConfig: only `timeout` task listeners have one. */
  readonly timer?: TimerEventDefinition;
}

export type ExecutionListenerConfig = ExpressionListenerConfig | ScriptListenerConfig;
/** Task listeners: expressions (with `task`) or JavaScript (with a `task` object), as execution listeners. */
export type TaskListenerConfig = ExecutionListenerConfig;

export interface CamundaProperty {
  readonly name: string;
  readonly value: string | null;
}

/** camunda:errorEventDefinition inside an external task: a worker result that raises a BPMN error. */
export interface ExternalTaskErrorMapping {
  readonly id: string | null;
  readonly errorCode: string | null;
  readonly errorMessage: CompiledExpression | null;
  readonly expression: CompiledExpression;
}

/** camunda:expression on a service, send or business rule task (or a message throw event): evaluated, its value into camunda:resultVariable. */
export interface ExpressionTaskConfig {
  readonly expression: CompiledExpression;
  readonly resultVariable: string | null;
}

export interface ExternalTaskConfig {
  readonly topic: CompiledExpression;
  readonly priority: CompiledExpression | null;
  readonly errorEventDefinitions: readonly ExternalTaskErrorMapping[];
}

export interface UserTaskConfig {
  readonly assignee: CompiledExpression | null;
  readonly candidateUsers: readonly CompiledExpression[];
  readonly candidateGroups: readonly CompiledExpression[];
  readonly dueDate: CompiledExpression | null;
  readonly followUpDate: CompiledExpression | null;
  readonly priority: CompiledExpression | null;
  readonly formKey: CompiledExpression | null;
  readonly taskListeners: readonly TaskListenerConfig[];
}

export type DefinitionBinding = 'latest' | 'deployment' | 'version' | 'versionTag';

export type DecisionResultMapping = 'singleEntry' | 'singleResult' | 'collectEntries' | 'resultList';

export interface DecisionRefConfig {
  readonly decisionRef: CompiledExpression;
  readonly binding: DefinitionBinding;
  readonly version: CompiledExpression | null;
  readonly versionTag: CompiledExpression | null;
  readonly tenantId: CompiledExpression | null;
  readonly resultVariable: string | null;
  readonly mapDecisionResult: DecisionResultMapping;
}

/** camunda:in / camunda:out of a call activity. */
export type CallActivityMapping =
  | { readonly kind: 'all'; readonly local: boolean }
  | { readonly kind: 'variable'; readonly source: string; readonly target: string; readonly local: boolean }
  | {
      readonly kind: 'expression';
      readonly sourceExpression: CompiledExpression;
      readonly target: string;
      readonly local: boolean;
    };

export interface CallActivityConfig {
  readonly calledElement: CompiledExpression;
  readonly binding: DefinitionBinding;
  readonly version: CompiledExpression | null;
  readonly versionTag: CompiledExpression | null;
  readonly tenantId: CompiledExpression | null;
  readonly inputs: readonly CallActivityMapping[];
  readonly outputs: readonly CallActivityMapping[];
  /** camunda:in businessKey="..."; null: the called instance gets no business key. */
  readonly businessKey: CompiledExpression | null;
}
