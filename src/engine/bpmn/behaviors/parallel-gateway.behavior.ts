import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { fireJoin, waitingTokens } from './gateway-join';

/** Joins once a token waits for every incoming flow, then forks into every outgoing flow (conditions ignored). */
export class ParallelGatewayBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { waiting } = waitingTokens(activity);
    if (waiting.length < Math.max(1, activity.node.incoming.length)) return;
    fireJoin(activity, waiting).leave([...activity.node.outgoing]);
  }
}
