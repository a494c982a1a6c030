import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { JobEntity } from '../../../../persistence/entities/runtime/job.entity';
import { ModelDataError } from '../../../errors';
import { CompiledExpression } from '../../../expression';
import { planTimer } from '../../../timer/iso-timer';
import { FlowNode, ProcessGraph } from '../../model';
import type { RuntimeContext } from '../runtime-context';
import { evaluate } from '../expression-scope';
import { ProcessInstanceState } from '../process-instance-state';
import {
  waitingBoundaryEvents,
  waitingDefinition,
  waitingEventSubProcessStarts,
  WaitingDefinition,
} from './graph-events';
import { JOB_HANDLER, JOB_TYPE, TimerHandler } from './job-kinds';
import { EventContext } from './event-context';

/** camunda:jobPriority of the activity, else of the process, else 0. */
export function jobPriority(
  node: FlowNode | null,
  graph: ProcessGraph,
  evaluateWith: (e: CompiledExpression) => unknown,
): number {
  const expression = node?.async.jobPriority ?? graph.jobPriority;
  if (!expression) return 0;
  const value = evaluateWith(expression);
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw new ModelDataError(`Priority value is not an Integer nor a Long: ${String(value)}`);
  return n;
}

function name(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  expression: CompiledExpression | null,
  node: FlowNode,
): string {
  const value = expression ? evaluate(ctx, execution, expression) : null;
  if (value == null || value === '') throw new ModelDataError(`The event name of '${node.id}' resolves to nothing`);
  return String(value);
}

/**
 * Makes `execution` wait for the event `node` defines: a message, signal or conditional
 * subscription, or a timer job. Names and timer values are expressions evaluated now.
 */
export function waitFor(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  node: FlowNode,
  definition: WaitingDefinition,
  timerHandler: TimerHandler,
): EventSubscriptionEntity | JobEntity {
  switch (definition.kind) {
    case 'message':
      return ctx.manager(EventContext).subscribe(instance, execution, {
        eventType: 'message',
        eventName: name(ctx, execution, definition.messageName, node),
        activityId: node.id,
      });
    case 'signal':
      return ctx.manager(EventContext).subscribe(instance, execution, {
        eventType: 'signal',
        eventName: name(ctx, execution, definition.signalName, node),
        activityId: node.id,
      });
    case 'conditional':
      return ctx.manager(EventContext).subscribe(instance, execution, {
        eventType: 'conditional',
        eventName: null,
        activityId: node.id,
      });
    case 'timer': {
      const plan = planTimer(definition.timerType, evaluate(ctx, execution, definition.value), ctx.now());
      return ctx.manager(EventContext).insertJob(instance, {
        type: JOB_TYPE.timer,
        handlerType: timerHandler,
        handlerConfiguration: node.id,
        executionId: execution.id,
        activityId: node.id,
        dueDate: plan.due,
        repeat: plan.repeat,
        exclusive: node.async.exclusive,
        priority: jobPriority(node, instance.graph, (e) => evaluate(ctx, execution, e)),
      });
    }
  }
}

function conditionals(rows: (EventSubscriptionEntity | JobEntity)[]): EventSubscriptionEntity[] {
  return rows.filter(
    (r): r is EventSubscriptionEntity => r instanceof EventSubscriptionEntity && r.eventType === 'conditional',
  );
}

/** An activity with waiting boundary events was entered: they wait on its scope execution. */
export function subscribeBoundaryEvents(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scopeExecution: ExecutionEntity,
  activity: FlowNode,
): void {
  const rows = waitingBoundaryEvents(instance.graph, activity).map((b) =>
    waitFor(ctx, instance, scopeExecution, b, waitingDefinition(b)!, JOB_HANDLER.boundaryTimer),
  );
  ctx.manager(EventContext).conditionalsActivated(instance, conditionals(rows));
}

/** A process or sub-process scope was entered: its event sub-processes wait on the scope execution. */
export function subscribeEventSubProcesses(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scopeExecution: ExecutionEntity,
  scopeId: string,
): void {
  const starts = waitingEventSubProcessStarts(instance.graph, scopeId);
  if (!starts.length) return;
  const rows = starts.map((s) =>
    waitFor(ctx, instance, scopeExecution, s, waitingDefinition(s)!, JOB_HANDLER.eventSubProcessTimer),
  );
  ctx.manager(EventContext).conditionalsActivated(instance, conditionals(rows));
}
