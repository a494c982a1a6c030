import { EventSubscriptionEntity } from '../../../persistence/entities/runtime/event-subscription.entity';
import { newId } from '../../util/ids';
import { ReceiveTaskNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from './activity-behavior';

/** Waits: for a message (a subscription row is made for correlation) or, without one, for a signal. */
export class ReceiveTaskBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution } = activity;
    const node = activity.node as ReceiveTaskNode;
    const name = node.message?.messageName;
    if (!name) return;
    ctx.uow.insert(EventSubscriptionEntity, Object.assign(new EventSubscriptionEntity(), {
      id: newId(), rev: 1, eventType: 'message', eventName: String(activity.evaluate(name) ?? ''), executionId: execution.id,
      processInstanceId: instance.id, activityId: node.id, configuration: null, created: ctx.now(), tenantId: instance.root.tenantId,
    }));
    ctx.touch(instance);
  }

  signal(activity: ActivityExecution): void {
    const executionId = activity.execution.id;
    activity.ctx.uow.statement((em) => em.getRepository(EventSubscriptionEntity).delete({ executionId, activityId: activity.node.id }));
    activity.leave();
  }
}
