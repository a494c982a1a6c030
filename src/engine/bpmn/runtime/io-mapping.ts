import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { TypedValue, untypedValue } from '../../variables/typed-value';
import { plainValue } from '../../variables/typed-value';
import { FlowNode, IoValue } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluateTyped } from './expression-scope';
import { runScript } from './scripts';
import { VariableStore } from './variable-store';

async function typedOf(
  ctx: RuntimeContext,
  scope: ExecutionEntity,
  node: FlowNode,
  value: IoValue,
): Promise<TypedValue> {
  if (value.kind === 'expression') return evaluateTyped(ctx, scope, value.expression);
  if (value.kind === 'script') return runScript(ctx, scope, value.script, node.id);
  return untypedValue(await plainOf(ctx, scope, node, value));
}

async function plainOf(ctx: RuntimeContext, scope: ExecutionEntity, node: FlowNode, value: IoValue): Promise<unknown> {
  switch (value.kind) {
    case 'null':
      return null;
    case 'expression':
    case 'script':
      return plainValue(await typedOf(ctx, scope, node, value));
    case 'list': {
      const out: unknown[] = [];
      for (const item of value.items) out.push(await plainOf(ctx, scope, node, item));
      return out;
    }
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const entry of value.entries) out[entry.key] = await plainOf(ctx, scope, node, entry.value);
      return out;
    }
  }
}

/**
 * camunda:inputParameter: evaluated in the activity's own scope, one after another (a later input
 * sees an earlier one), and stored as its local variables.
 */
export async function applyInputMappings(ctx: RuntimeContext, scope: ExecutionEntity, node: FlowNode): Promise<void> {
  for (const p of node.ioMapping?.inputs ?? [])
    ctx.manager(VariableStore).setLocal(scope, p.name, await typedOf(ctx, scope, node, p.value));
}

/** camunda:outputParameter: evaluated in the activity's scope, set on the scope around it. */
export async function applyOutputMappings(
  ctx: RuntimeContext,
  scope: ExecutionEntity,
  outer: ExecutionEntity,
  node: FlowNode,
): Promise<void> {
  for (const p of node.ioMapping?.outputs ?? [])
    ctx.manager(VariableStore).set(outer, p.name, await typedOf(ctx, scope, node, p.value));
}
