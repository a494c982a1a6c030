import type { CompiledExpression } from '../../expression';
import type { ExecutionListenerConfig, ScriptDefinition } from './element-config';

export interface SequenceFlow {
  readonly id: string;
  readonly name: string | null;
  readonly scopeId: string;
  readonly sourceId: string;
  readonly targetId: string;
  /** A JUEL condition; null: the flow is always taken. Evaluate with `evaluateCondition`. */
  readonly condition: CompiledExpression | null;
  /** A JavaScript condition (run in the sandbox), instead of `condition`. */
  readonly conditionScript: ScriptDefinition | null;
  /** This flow is its source's default flow. */
  readonly isDefault: boolean;
  readonly executionListeners: readonly ExecutionListenerConfig[];
}
