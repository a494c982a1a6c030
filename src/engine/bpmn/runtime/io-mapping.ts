import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { TypedValue, untypedValue } from '../../variables/typed-value';
import { plainValue } from '../../variables/typed-value';
import { FlowNode, IoValue } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluateTyped } from './expression-scope';

function typedOf(ctx: RuntimeContext, scope: ExecutionEntity, value: IoValue): TypedValue {
  if (value.kind === 'expression') return evaluateTyped(ctx, scope, value.expression);
  return untypedValue(plainOf(ctx, scope, value));
}

function plainOf(ctx: RuntimeContext, scope: ExecutionEntity, value: IoValue): unknown {
  switch (value.kind) {
    case 'null':
      return null;
    case 'expression':
      return plainValue(evaluateTyped(ctx, scope, value.expression));
    case 'list':
      return value.items.map((item) => plainOf(ctx, scope, item));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const entry of value.entries) out[entry.key] = plainOf(ctx, scope, entry.value);
      return out;
    }
  }
}

/**
 * camunda:inputParameter: evaluated in the activity's own scope, one after another (a later input
 * sees an earlier one), and stored as its local variables.
 */
export function applyInputMappings(ctx: RuntimeContext, scope: ExecutionEntity, node: FlowNode): void {
  for (const p of node.ioMapping?.inputs ?? []) ctx.variables.setLocal(scope, p.name, typedOf(ctx, scope, p.value));
}

/** camunda:outputParameter: evaluated in the activity's scope, set on the scope around it. */
export function applyOutputMappings(ctx: RuntimeContext, scope: ExecutionEntity, outer: ExecutionEntity, node: FlowNode): void {
  for (const p of node.ioMapping?.outputs ?? []) ctx.variables.set(outer, p.name, typedOf(ctx, scope, p.value));
}
