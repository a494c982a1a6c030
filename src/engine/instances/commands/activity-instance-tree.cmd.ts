import { activityInstanceTree } from '../../bpmn/runtime/activity-instances';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { checkReadInstance } from '../../bpmn/runtime/runtime-authorization';
import { ActivityInstanceNode } from '../runtime-types';

/** The activity instance tree of a running instance (Camunda's getActivityInstance). */
export class ActivityInstanceTreeCmd implements Command<ActivityInstanceNode | null> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: RuntimeContext): Promise<ActivityInstanceNode | null> {
    const instance = await ctx.loadInstance(this.processInstanceId);
    if (!instance) return null;
    await checkReadInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    return activityInstanceTree(instance).root;
  }
}
