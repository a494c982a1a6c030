import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ModelDataError } from '../../errors';
import { plainValue, TypedValue } from '../../variables/typed-value';
import { FlowNode, MultiInstanceConfig } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { bodyRef, multiInstanceOf, resolveActivity } from '../runtime/activity-ref';
import type { InnerInstance } from '../runtime/atomic-operation';
import { cancelSubtrees } from '../runtime/cancellation';
import { removeExecutions, subtree } from '../runtime/subtree';
import type { RuntimeContext } from '../runtime/runtime-context';
import { createConcurrentExecution, removeExecution } from '../runtime/execution-tree';
import { evaluate, evaluateCondition } from '../runtime/expression-scope';
import { ProcessInstanceState } from '../runtime/process-instance-state';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { VariableStore } from '../runtime/variable-store';
import { Agenda } from '../runtime/agenda';

const int = (value: number): TypedValue => ({ type: 'integer', value, valueInfo: {} });

function count(ctx: RuntimeContext, body: ExecutionEntity, name: string): number {
  return Number(ctx.manager(VariableStore).getLocal(body, name)?.value ?? 0);
}

/** The collection to iterate: camunda:collection as an expression or as the name of a variable. */
function collectionOf(ctx: RuntimeContext, body: ExecutionEntity, mi: MultiInstanceConfig): unknown[] | null {
  if (!mi.collection) return null;
  let value: unknown;
  if (mi.collection.kind === 'expression') {
    value = evaluate(ctx, body, mi.collection.expression);
    if (!Array.isArray(value))
      throw new ModelDataError(
        `Expression '${mi.collection.expression.text}' didn't resolve to a Collection: ${JSON.stringify(value)}`,
      );
  } else {
    const tv = ctx.manager(VariableStore).get(body, mi.collection.name);
    value = tv ? plainValue(tv) : undefined;
    if (!Array.isArray(value))
      throw new ModelDataError(
        `Variable '${mi.collection.name}':'${JSON.stringify(value ?? null)}' is not a Collection.`,
      );
  }
  return value as unknown[];
}

function cardinalityOf(
  ctx: RuntimeContext,
  body: ExecutionEntity,
  node: FlowNode,
  mi: MultiInstanceConfig,
  collection: unknown[] | null,
): number {
  if (mi.loopCardinality) {
    const raw = evaluate(ctx, body, mi.loopCardinality);
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 0) {
      throw new ModelDataError(
        `Invalid number of instances: must be non-negative integer value, but was ${String(raw)}`,
      );
    }
    return n;
  }
  if (collection) return collection.length;
  throw new ModelDataError(
    `Couldn't resolve collection expression nor variable reference of the multi-instance activity '${node.id}'`,
  );
}

function inner(mi: MultiInstanceConfig, collection: unknown[] | null, loopCounter: number): InnerInstance {
  return mi.elementVariable && collection
    ? { loopCounter, element: { name: mi.elementVariable, value: collection[loopCounter] ?? null } }
    : { loopCounter };
}

/**
 * The multi-instance body around an activity. It keeps nrOfInstances, nrOfActiveInstances and
 * nrOfCompletedInstances on its scope execution; each instance gets loopCounter and the element
 * variable as local variables. Parallel: all instances at once, each in a concurrent execution.
 * Sequential: one after the other in the body's execution. The completion condition is checked
 * after every instance (in that instance's scope) and cancels the remaining instances.
 */
export class MultiInstanceBodyBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution: body, node } = activity;
    const mi = multiInstanceOf(node)!;
    const collection = collectionOf(ctx, body, mi);
    const n = cardinalityOf(ctx, body, node, mi, collection);
    ctx.manager(VariableStore).setLocal(body, 'nrOfInstances', int(n));
    ctx.manager(VariableStore).setLocal(body, 'nrOfCompletedInstances', int(0));
    ctx.manager(VariableStore).setLocal(body, 'nrOfActiveInstances', int(mi.isSequential ? Math.min(1, n) : n));
    if (n === 0) {
      activity.leave();
      return;
    }
    if (mi.isSequential) {
      ctx.manager(Agenda).plan({
        kind: 'ACTIVITY_START',
        execution: body,
        activityId: node.id,
        inner: inner(mi, collection, 0),
      });
      return;
    }
    body.isActive = false;
    body.activityId = null;
    body.activityInstanceId = instance.scopeInstanceId(body);
    for (let i = 0; i < n; i++) {
      const child = createConcurrentExecution(ctx, instance, body);
      ctx.manager(Agenda).plan({
        kind: 'ACTIVITY_START',
        execution: child,
        activityId: node.id,
        inner: inner(mi, collection, i),
      });
    }
  }

  async instanceCompleted(
    ctx: RuntimeContext,
    instance: ProcessInstanceState,
    instanceScope: ExecutionEntity,
    host: ExecutionEntity,
  ): Promise<void> {
    const body = host.isConcurrent ? instance.parent(host)! : host;
    const node = resolveActivity(instance.graph, host.activityId)!.node;
    const mi = multiInstanceOf(node)!;
    const completed = count(ctx, body, 'nrOfCompletedInstances') + 1;
    const active = count(ctx, body, 'nrOfActiveInstances') - 1;
    ctx.manager(VariableStore).setLocal(body, 'nrOfCompletedInstances', int(completed));
    ctx.manager(VariableStore).setLocal(body, 'nrOfActiveInstances', int(active));
    const done = mi.completionCondition ? evaluateCondition(ctx, instanceScope, mi.completionCondition) : false;
    removeExecutions(ctx, instance, subtree(instance, instanceScope));
    const leaveBody = () => {
      const ref = bodyRef(node);
      body.activityId = ref.id;
      body.activityInstanceId = instance.scopeInstanceId(body);
      body.isActive = true;
      ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution: body, activityId: ref.id });
    };
    if (!mi.isSequential) {
      removeExecution(ctx, instance, host);
      const rest = instance.children(body);
      if (done && rest.length)
        await cancelSubtrees(ctx, instance, rest, { calledInstanceState: 'INTERNALLY_TERMINATED', reason: null });
      if (done || instance.children(body).length === 0) leaveBody();
      return;
    }
    if (done || completed >= count(ctx, body, 'nrOfInstances')) {
      leaveBody();
      return;
    }
    ctx.manager(VariableStore).setLocal(body, 'nrOfActiveInstances', int(1));
    const collection = collectionOf(ctx, body, mi);
    ctx.manager(Agenda).plan({
      kind: 'ACTIVITY_START',
      execution: body,
      activityId: node.id,
      inner: inner(mi, collection, completed),
    });
  }
}
