import type { CommandContext } from '../../bpmn/runtime/command-context';
import { Command } from '../command';
import { checkReadInstance } from '../runtime-authorization';
import { ProcessInstanceInfo } from '../runtime-types';
import { instanceInfo } from './start-process-instance.cmd';

export class GetProcessInstanceCmd implements Command<ProcessInstanceInfo | null> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: CommandContext): Promise<ProcessInstanceInfo | null> {
    const instance = await ctx.loadInstance(this.processInstanceId);
    if (!instance) return null;
    await checkReadInstance(ctx, { id: instance.id, definitionKey: instance.definition.key });
    return instanceInfo(ctx, instance);
  }
}
