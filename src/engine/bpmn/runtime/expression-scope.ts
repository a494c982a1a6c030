import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { CompiledExpression, ExpressionContext, ExpressionExecution, expressionValue } from '../../expression';
import { plainValue, TypedValue, untypedValue, VariableMap } from '../../variables/typed-value';
import { resolveActivity } from './activity-ref';
import type { RuntimeContext } from './runtime-context';
import { lookupBean } from './bean-host-object';
import { VariableStore } from './variable-store';

const SIMPLE_REFERENCE = /^[$#]\{\s*([A-Za-z_$][\w$]*)\s*\}$/;

function plainMap(map: VariableMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map)) out[k] = plainValue(v);
  return out;
}

/** `execution` inside expressions: a view on one execution whose variable writes go through the command. */
export function expressionExecution(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  eventName: string | null = null,
): ExpressionExecution {
  const instance = ctx.instanceOf(execution);
  const vars = ctx.manager(VariableStore);
  return {
    id: execution.id,
    processInstanceId: execution.processInstanceId,
    processBusinessKey: instance.root.businessKey,
    processDefinitionId: execution.processDefinitionId,
    currentActivityId: execution.activityId,
    currentActivityName: resolveActivity(instance.graph, execution.activityId)?.node.name ?? null,
    activityInstanceId: execution.activityInstanceId,
    parentId: execution.parentId,
    tenantId: execution.tenantId,
    eventName,
    getVariable: (name) => {
      const tv = vars.get(execution, name);
      return tv ? plainValue(tv) : null;
    },
    getVariableLocal: (name) => {
      const tv = vars.getLocal(execution, name);
      return tv ? plainValue(tv) : null;
    },
    hasVariable: (name) => vars.get(execution, name) !== undefined,
    hasVariableLocal: (name) => vars.getLocal(execution, name) !== undefined,
    getVariables: () => plainMap(vars.visible(execution)),
    getVariablesLocal: () => plainMap(vars.local(execution)),
    setVariable: (name, value) => vars.set(execution, name, untypedValue(value)),
    setVariableLocal: (name, value) => vars.setLocal(execution, name, untypedValue(value)),
    removeVariable: (name) => vars.remove(execution, name),
    removeVariableLocal: (name) => vars.removeLocal(execution, name),
  };
}

export function expressionContext(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  eventName: string | null = null,
): ExpressionContext {
  return {
    resolve: (name) => {
      const tv = ctx.manager(VariableStore).get(execution, name);
      if (tv) return { found: true, value: expressionValue(tv) };
      // Variables first, then the host's named objects, as Camunda's resolvers in a Spring application.
      const bean = lookupBean(ctx.deps.delegates, name);
      return bean ? { found: true, value: bean } : { found: false };
    },
    execution: expressionExecution(ctx, execution, eventName),
    authentication: ctx.auth ? { userId: ctx.auth.userId, groupIds: ctx.auth.groupIds } : undefined,
    now: () => ctx.now(),
  };
}

export function evaluate(ctx: RuntimeContext, execution: ExecutionEntity, expression: CompiledExpression): unknown {
  return expression.evaluate(expressionContext(ctx, execution));
}

export function evaluateCondition(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  expression: CompiledExpression,
): boolean {
  return expression.evaluateCondition(expressionContext(ctx, execution));
}

/**
 * A typed result: `${name}` alone keeps the variable's stored type (a Long stays a Long, a Json
 * stays Json); everything else is typed from the JavaScript value, as Camunda types Java objects.
 */
export function evaluateTyped(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  expression: CompiledExpression,
): TypedValue {
  const simple = SIMPLE_REFERENCE.exec(expression.text);
  if (simple && simple[1] !== 'execution') {
    const tv = ctx.manager(VariableStore).get(execution, simple[1]);
    if (tv) {
      // The copy is a value of its own: a transient source does not make the target transient.
      const { transient: _transient, ...valueInfo } = tv.valueInfo;
      return { ...tv, valueInfo };
    }
  }
  const value = evaluate(ctx, execution, expression);
  if (expression.computesLong && typeof value === 'number' && Number.isInteger(value)) {
    return { type: 'long', value, valueInfo: {} };
  }
  return untypedValue(value);
}
