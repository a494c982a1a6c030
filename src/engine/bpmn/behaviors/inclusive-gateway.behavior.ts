import type { ActivityExecution } from '../runtime/activity-execution';
import { inclusiveOutgoing } from '../runtime/outgoing-flows';
import { canReach } from '../runtime/reachability';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { fireJoin, waitingTokens } from './gateway-join';

/**
 * Joins when no other token of the scope can still arrive here (every other token is somewhere
 * this gateway is unreachable from), then takes every outgoing flow whose condition holds, else the
 * default. Re-evaluated whenever a token of the scope ends.
 */
export class InclusiveGatewayBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { node, instance } = activity;
    if (node.incoming.length > 1) {
      const { waiting, tokens } = waitingTokens(activity);
      const others = tokens.filter((t) => !waiting.includes(t));
      const blocked = others.some(
        (t) => t.activityId == null || t.activityId === node.id || canReach(instance.graph, t.activityId, node.id),
      );
      if (blocked) return;
      activity = fireJoin(activity, waiting);
    }
    const flows = await inclusiveOutgoing(activity.ctx, activity.instance, activity.execution, node);
    activity.leave(flows.map((f) => f.id));
  }
}
