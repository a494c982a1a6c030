import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { NullValueError } from '../../errors';
import { TypedValue, VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { pickVariables } from './pick-variables';
import { checkReadInstance, checkUpdateInstanceVariables } from '../../bpmn/runtime/runtime-authorization';
import { VariableModification, VariableReadOptions, VariableScopeOptions } from '../runtime-types';
import { inInstance, OPERATION_CATEGORY } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';
import { VariableStore } from '../../bpmn/runtime/variable-store';

async function load(
  ctx: RuntimeContext,
  executionId: string,
): Promise<{ instance: ProcessInstanceState; execution: ExecutionEntity }> {
  const instance = await ctx.loadInstanceOfExecution(executionId);
  const execution = instance?.get(executionId);
  if (!instance || !execution) throw new NullValueError(`execution ${executionId} doesn't exist: execution is null`);
  return { instance, execution };
}

/** The variables visible from an execution (or only its own with `local`). */
export class GetExecutionVariablesCmd implements Command<VariableMap> {
  constructor(
    private readonly executionId: string,
    private readonly options: VariableReadOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<VariableMap> {
    const { instance, execution } = await load(ctx, this.executionId);
    await checkReadInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    return pickVariables(
      this.options.local ? ctx.manager(VariableStore).local(execution) : ctx.manager(VariableStore).visible(execution),
      this.options.names,
    );
  }
}

export class GetExecutionVariableCmd implements Command<TypedValue | null> {
  constructor(
    private readonly executionId: string,
    private readonly name: string,
    private readonly options: VariableScopeOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TypedValue | null> {
    const { instance, execution } = await load(ctx, this.executionId);
    await checkReadInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    return (
      (this.options.local
        ? ctx.manager(VariableStore).getLocal(execution, this.name)
        : ctx.manager(VariableStore).get(execution, this.name)) ?? null
    );
  }
}

/** Sets and removes variables of an execution in one command: updates first, so a name in both lists ends deleted (Camunda's order). */
export class ModifyExecutionVariablesCmd implements Command<void> {
  constructor(
    private readonly executionId: string,
    private readonly change: VariableModification,
    private readonly options: VariableScopeOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const { instance, execution } = await load(ctx, this.executionId);
    await checkUpdateInstanceVariables(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    ctx.manager(VariableStore).setAll(execution, this.change.modifications, this.options.local);
    for (const name of this.change.deletions ?? []) {
      if (this.options.local) ctx.manager(VariableStore).removeLocal(execution, name);
      else ctx.manager(VariableStore).remove(execution, name);
    }
    ctx.touch(instance);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.change.operation ?? 'ModifyVariable',
      entityType: 'Variable',
      category: OPERATION_CATEGORY.operator,
      ...inInstance(instance),
      executionId: execution.id,
    });
  }
}
