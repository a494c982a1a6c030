import { activityInstanceTree } from '../../bpmn/runtime/activity-instances';
import {
  applyInstruction,
  finishModification,
  ModificationFlags,
  ModificationInstruction,
} from '../../bpmn/runtime/modification/instance-modification';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { Command } from '../../command/command';
import { inInstance, OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';

export interface ProcessInstanceModification extends ModificationFlags {
  processInstanceId: string;
  instructions: ModificationInstruction[];
  annotation?: string | null;
  /** Over several instances (Camunda's ModificationBuilder): each must be of this definition. */
  processDefinitionId?: string | null;
  /** A batch job writes no entry per instance: the batch's own entry stands for them. */
  writeOperationLog?: boolean;
}

/**
 * Camunda's ModifyProcessInstanceCmd: the instructions in order, each run to its wait states before the next one
 * looks at the tree; an instance left with nothing to do is canceled. A failing instruction fails the whole
 * command, so nothing changes.
 */
export class ModifyProcessInstanceCmd implements Command<void> {
  constructor(private readonly modification: ProcessInstanceModification) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const { processInstanceId, instructions } = this.modification;
    const instance = await ctx.loadInstance(processInstanceId);
    if (!instance)
      throw new BadUserRequestError(
        `ENGINE-13036 Process instance '${processInstanceId}' cannot be modified. The process instance does not exist`,
        'ProcessEngineException',
      );
    await checkUpdateInstance(ctx, { id: instance.id, definitionKey: instance.definition.key });
    const definitionId = this.modification.processDefinitionId;
    if (definitionId != null && definitionId !== instance.definition.id)
      throw new BadUserRequestError(
        `ENGINE-13037 Process instance '${instance.id}' cannot be modified. Its process definition '${instance.definition.id}' does not match given process definition '${definitionId}'`,
        'ProcessEngineException',
      );
    const before = activityInstanceTree(instance);
    for (const instruction of instructions)
      await applyInstruction(ctx, instance, instruction, this.modification, before);
    await finishModification(ctx, instance, this.modification);
    ctx.touch(instance);
    if (this.modification.writeOperationLog !== false)
      ctx.manager(HistoryLogManager).userOperation({
        operationType: 'ModifyProcessInstance',
        entityType: 'ProcessInstance',
        category: OPERATION_CATEGORY.operator,
        annotation: this.modification.annotation ?? null,
        ...inInstance(instance),
      });
  }
}

/** Several instances of one definition in one transaction (Camunda's ProcessInstanceModificationCmd). */
export class ModifyProcessInstancesCmd implements Command<void> {
  constructor(
    private readonly ids: string[],
    private readonly modification: Omit<ProcessInstanceModification, 'processInstanceId'>,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    for (const processInstanceId of this.ids)
      await new ModifyProcessInstanceCmd({ ...this.modification, processInstanceId }).execute(ctx);
  }
}

/** Before a modification of one instance is handed to a batch: it exists and the caller may change it. */
export class CheckModifiableCmd implements Command<void> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const instance = await ctx.loadInstance(this.processInstanceId);
    if (!instance)
      throw new BadUserRequestError(
        `ENGINE-13036 Process instance '${this.processInstanceId}' cannot be modified. The process instance does not exist`,
        'ProcessEngineException',
      );
    await checkUpdateInstance(ctx, { id: instance.id, definitionKey: instance.definition.key });
  }
}
