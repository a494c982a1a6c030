import { needsScope, resolveActivity } from '../../bpmn/runtime/activity-ref';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { checkReadInstance } from '../../bpmn/runtime/runtime-authorization';
import { ActivityInstanceNode } from '../runtime-types';

const GATEWAYS = new Set(['parallelGateway', 'inclusiveGateway', 'exclusiveGateway', 'eventBasedGateway']);

/**
 * The activity instance tree of a running instance (Camunda's getActivityInstance), read from the
 * execution tree: every execution inside an activity stands for that activity's instance; tokens
 * waiting in a join are not activity instances. Scope activities list their scope executions.
 */
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
    const { root, definition, graph } = instance;
    const node = (fields: Partial<ActivityInstanceNode>): ActivityInstanceNode => ({
      id: '',
      parentActivityInstanceId: null,
      activityId: '',
      activityType: '',
      activityName: null,
      processInstanceId: instance.id,
      processDefinitionId: definition.id,
      executionIds: [],
      childActivityInstances: [],
      ...fields,
    });
    const tree = node({
      id: root.id,
      activityId: definition.id,
      activityType: 'processDefinition',
      activityName: definition.name ?? graph.name,
      executionIds: [root.id],
    });
    const byId = new Map<string, ActivityInstanceNode>([[tree.id, tree]]);
    const order: ActivityInstanceNode[] = [];
    for (const e of [root, ...instance.descendants(root)]) {
      const ref = resolveActivity(graph, e.activityId);
      if (!ref || !e.activityInstanceId || byId.has(e.activityInstanceId)) continue;
      if (!e.isActive && GATEWAYS.has(ref.node.type)) continue;
      const executionIds = needsScope(ref)
        ? instance
            .children(e)
            .filter((c) => c.isScope)
            .map((c) => c.id)
        : [e.id];
      const created = node({
        id: e.activityInstanceId,
        parentActivityInstanceId: instance.scopeInstanceId(instance.scopeOf(e)),
        activityId: ref.id,
        activityType: ref.activityType,
        activityName: ref.node.name,
        executionIds,
      });
      byId.set(created.id, created);
      order.push(created);
    }
    for (const n of order) (byId.get(n.parentActivityInstanceId!) ?? tree).childActivityInstances.push(n);
    return tree;
  }
}
