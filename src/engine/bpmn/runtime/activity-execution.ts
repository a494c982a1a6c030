import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { CompiledExpression } from '../../expression';
import { TypedValue } from '../../variables/typed-value';
import { FlowNode, ProcessGraph } from '../model';
import { ActivityRef } from './activity-ref';
import type { RuntimeContext } from './runtime-context';
import { evaluate, evaluateCondition, evaluateTyped } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';
import { VariableStore } from './variable-store';
import { Agenda } from './agenda';

/**
 * What a behaviour sees of the activity it runs: the execution, the node, variables, expressions,
 * and the few decisions it may take (leave now, leave through given flows, throw a BPMN error).
 * Waiting is doing nothing.
 */
export class ActivityExecution {
  constructor(
    readonly ctx: RuntimeContext,
    readonly instance: ProcessInstanceState,
    readonly execution: ExecutionEntity,
    readonly ref: ActivityRef,
  ) {}

  get node(): FlowNode {
    return this.ref.node;
  }

  get graph(): ProcessGraph {
    return this.instance.graph;
  }

  get variables(): VariableStore {
    return this.ctx.manager(VariableStore);
  }

  evaluate(expression: CompiledExpression): unknown {
    return evaluate(this.ctx, this.execution, expression);
  }

  evaluateTyped(expression: CompiledExpression): TypedValue {
    return evaluateTyped(this.ctx, this.execution, expression);
  }

  evaluateCondition(expression: CompiledExpression): boolean {
    return evaluateCondition(this.ctx, this.execution, expression);
  }

  getVariable(name: string): TypedValue | undefined {
    return this.ctx.manager(VariableStore).get(this.execution, name);
  }

  setVariable(name: string, value: TypedValue): void {
    this.ctx.manager(VariableStore).set(this.execution, name, value);
  }

  setVariableLocal(name: string, value: TypedValue): void {
    this.ctx.manager(VariableStore).setLocal(this.execution, name, value);
  }

  /** Completes the activity; without flow ids the default outgoing behaviour picks the flows. */
  leave(flowIds?: readonly string[]): void {
    this.ctx
      .manager(Agenda)
      .plan({ kind: 'ACTIVITY_END', execution: this.execution, activityId: this.ref.id, flowIds });
  }

  throwError(errorCode: string, errorMessage: string | null): void {
    this.ctx.manager(Agenda).plan({
      kind: 'ERROR_PROPAGATE',
      execution: this.execution,
      activityId: this.ref.id,
      errorCode,
      errorMessage,
      thrownByEndEvent: false,
    });
  }
}
