import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { TypedValue, VariableMap } from '../../variables/typed-value';
import { CallActivityConfig, CallActivityMapping } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluate, evaluateTyped } from './expression-scope';
import { VariableStore } from './variable-store';

const NULL_VALUE: TypedValue = { type: 'null', value: null, valueInfo: {} };

/** What camunda:in / camunda:out take from `source` (variables="all", source, sourceExpression). */
function collect(
  ctx: RuntimeContext,
  source: ExecutionEntity,
  mappings: readonly CallActivityMapping[],
): { values: VariableMap; local: VariableMap } {
  const values: VariableMap = {};
  const local: VariableMap = {};
  for (const m of mappings) {
    const into = m.local ? local : values;
    switch (m.kind) {
      case 'all':
        Object.assign(
          into,
          m.local ? ctx.manager(VariableStore).local(source) : ctx.manager(VariableStore).visible(source),
        );
        break;
      case 'variable':
        into[m.target] =
          (m.local
            ? ctx.manager(VariableStore).getLocal(source, m.source)
            : ctx.manager(VariableStore).get(source, m.source)) ?? NULL_VALUE;
        break;
      case 'expression':
        into[m.target] = evaluateTyped(ctx, source, m.sourceExpression);
        break;
    }
  }
  return { values, local };
}

/** The called instance's start variables; `local` mappings read only the calling execution's own variables. */
export function callInputs(ctx: RuntimeContext, caller: ExecutionEntity, config: CallActivityConfig): VariableMap {
  return mappedVariables(ctx, caller, config.inputs);
}

/** camunda:in mappings read from `source` (a call activity's inputs, a thrown signal's payload). */
export function mappedVariables(
  ctx: RuntimeContext,
  source: ExecutionEntity,
  mappings: readonly CallActivityMapping[],
): VariableMap {
  const { values, local } = collect(ctx, source, mappings);
  return { ...values, ...local };
}

export function callBusinessKey(
  ctx: RuntimeContext,
  caller: ExecutionEntity,
  config: CallActivityConfig,
): string | null {
  if (!config.businessKey) return null;
  const value = evaluate(ctx, caller, config.businessKey);
  return value == null ? null : String(value);
}

/** camunda:out: read from the ending called instance, written to the calling execution (locally when `local`). */
export function applyCallOutputs(
  ctx: RuntimeContext,
  caller: ExecutionEntity,
  calledRoot: ExecutionEntity,
  config: CallActivityConfig,
): void {
  const { values, local } = collect(ctx, calledRoot, config.outputs);
  ctx.manager(VariableStore).setAll(caller, values);
  ctx.manager(VariableStore).setAll(caller, local, true);
}
