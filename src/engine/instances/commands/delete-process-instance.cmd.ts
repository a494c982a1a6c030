import { cancelProcessInstance } from '../../bpmn/runtime/cancellation';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { NotFoundError } from '../../errors';
import { Command } from '../../command/command';
import { checkDeleteInstance } from '../../bpmn/runtime/runtime-authorization';
import { DeleteProcessInstanceOptions } from '../runtime-types';
import { inInstance, OPERATION_CATEGORY } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * Cancels an instance with everything it started (called instances too) and removes its runtime
 * rows; history keeps it as EXTERNALLY_TERMINATED with the reason. A called instance that is
 * deleted lets its calling activity complete, as Camunda does.
 */
export class DeleteProcessInstanceCmd implements Command<void> {
  constructor(
    private readonly processInstanceId: string,
    private readonly options: DeleteProcessInstanceOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const instance = await ctx.loadInstance(this.processInstanceId);
    if (!instance) throw new NotFoundError(`No process instance found for id '${this.processInstanceId}'`);
    await checkDeleteInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'Delete',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      ...inInstance(instance),
    });
    await cancelProcessInstance(ctx, instance, {
      state: 'EXTERNALLY_TERMINATED',
      calledInstanceState: 'EXTERNALLY_TERMINATED',
      reason: this.options.reason ?? null,
      skipCustomListeners: this.options.skipCustomListeners,
      skipSubprocesses: this.options.skipSubprocesses,
      continueCaller: true,
    });
    await ctx.manager(Agenda).run();
  }
}
