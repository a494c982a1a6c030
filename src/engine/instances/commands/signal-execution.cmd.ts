import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ActivityExecution } from '../../bpmn/runtime/activity-execution';
import { needsScope, resolveActivity } from '../../bpmn/runtime/activity-ref';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { NullValueError, ProcessEngineError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { ensureExecutionActive } from '../../bpmn/runtime/suspension';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';
import { behaviorOf } from '../../bpmn/runtime/activity-behavior';

/** The execution running the behaviour: the given one, or its scope child when the activity is a scope. */
function behaviourHost(
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  activityId: string,
): ExecutionEntity | undefined {
  const parent = instance.parent(execution);
  const ref = resolveActivity(instance.graph, activityId)!;
  if (!needsScope(ref) || (execution.isScope && parent?.activityId === activityId)) return execution;
  return instance.children(execution).find((c) => c.isScope && c.activityId === activityId);
}

/** runtimeService.signal: a waiting receive task (or external task activity) continues. */
export class SignalExecutionCmd implements Command<void> {
  constructor(
    private readonly executionId: string,
    private readonly variables: VariableMap | null | undefined,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const instance = await ctx.loadInstanceOfExecution(this.executionId);
    const execution = instance?.get(this.executionId);
    if (!instance || !execution)
      throw new NullValueError(`execution ${this.executionId} doesn't exist: execution is null`);
    await checkUpdateInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    ensureExecutionActive(execution);
    const ref = resolveActivity(instance.graph, execution.activityId);
    const host = ref ? behaviourHost(instance, execution, ref.id) : undefined;
    if (!ref || !host)
      throw new ProcessEngineError(`cannot signal execution ${this.executionId}: it has no current activity`);
    const behavior = behaviorOf(ctx, ref);
    if (!behavior.signal) {
      throw new ProcessEngineError(
        `cannot signal execution ${this.executionId}: the activity '${ref.id}' does not wait for a signal`,
      );
    }
    ctx.manager(VariableStore).setAll(execution, this.variables);
    await behavior.signal(new ActivityExecution(ctx, instance, host, ref));
    await ctx.manager(Agenda).run();
  }
}
