import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { checkReadInstance } from '../../bpmn/runtime/runtime-authorization';
import { ProcessInstanceInfo } from '../runtime-types';
import { instanceInfo } from './start-process-instance.cmd';

export class GetProcessInstanceCmd implements Command<ProcessInstanceInfo | null> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: RuntimeContext): Promise<ProcessInstanceInfo | null> {
    const instance = await ctx.loadInstance(this.processInstanceId);
    if (!instance) return null;
    await checkReadInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    return instanceInfo(ctx, instance);
  }
}
