import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { externalTaskConfigOf, throwMappedError } from '../../bpmn/behaviors/external-task.behavior';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { NotFoundError, SuspendedEntityInteractionError } from '../../errors';
import { Command } from '../../command/command';
import { loadExternalTask } from './external-task-lookup';
import { VariableMap } from '../../variables/typed-value';
import { checkExternalTaskAccess } from '../external-task-authorization';
import { MAX_ERROR_MESSAGE_LENGTH } from '../external-task-types';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { checkWorker } from '../worker-check';
import { HistoryLogManager } from '../../history/history-log.manager';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

export interface FailureReport {
  workerId: string;
  errorMessage: string | null;
  errorDetails: string | null;
  retries: number;
  retryTimeout: number;
  variables: VariableMap | null;
  localVariables: VariableMap | null;
}

/** What happened, for the caller to act on after commit. */
export interface FailureOutcome {
  topicName: string;
  /** Retries left and no retry timeout: other workers may fetch the task right away. */
  fetchableNow: boolean;
}

/** The root of the task's process instance: from the loaded instance, else one look-up (history level full only). */
async function rootInstanceOf(ctx: RuntimeContext, task: ExternalTaskEntity): Promise<string | null> {
  if (!task.processInstanceId) return null;
  const loaded = ctx.instances.get(task.processInstanceId);
  if (loaded) return loaded.root.rootProcessInstanceId ?? loaded.id;
  const row = await ctx.em
    .getRepository(ExecutionEntity)
    .findOne({ select: { rootProcessInstanceId: true }, where: { id: task.processInstanceId } });
  return row?.rootProcessInstanceId ?? task.processInstanceId;
}

function hasEntries(map: VariableMap | null): boolean {
  return map != null && Object.keys(map).length > 0;
}

/**
 * A worker reports that it could not do the task (Camunda's ExternalTaskEntity.failed): variables
 * are set, a camunda:errorEventDefinition that now holds turns the report into a BPMN error;
 * otherwise the error is stored, the task stays locked for the retry timeout (its worker kept) and
 * running out of retries opens an incident. The process instance is only loaded when variables or
 * error mappings need it, so a plain failure touches the task row alone.
 */
export class ReportFailureCmd implements Command<FailureOutcome> {
  constructor(
    private readonly externalTaskId: string,
    private readonly report: FailureReport,
  ) {}

  async execute(ctx: RuntimeContext): Promise<FailureOutcome> {
    const id = this.externalTaskId;
    const task = await ctx.manager(ExternalTaskManager).find(id);
    if (!task) throw new NotFoundError(`External task with id ${id} does not exist`);
    checkWorker(task, this.report.workerId, `Failure of External Task ${id} cannot be reported`);
    await checkExternalTaskAccess(ctx.em, ctx.deps.checker, ctx.auth, task, 'update');
    if (task.suspensionState === 2)
      throw new SuspendedEntityInteractionError(`ENGINE-03043 ExternalTask with id '${id}' is suspended.`);
    ctx.afterCommit(() => ctx.deps.metrics.externalTaskFailed());

    if (await this.throwsBpmnError(ctx, task)) return { topicName: task.topicName, fetchableNow: false };

    const now = ctx.now();
    task.errorMessage =
      this.report.errorMessage == null ? null : this.report.errorMessage.slice(0, MAX_ERROR_MESSAGE_LENGTH);
    if (this.report.errorDetails != null) task.errorDetails = this.report.errorDetails;
    task.lockExpirationTime = new Date(now.getTime() + this.report.retryTimeout);
    ctx.manager(ExternalTaskManager).setRetries(task, this.report.retries);
    if (ctx.manager(HistoryLogManager).enabled)
      ctx.manager(HistoryLogManager).externalTask('failed', task, await rootInstanceOf(ctx, task));
    return { topicName: task.topicName, fetchableNow: this.report.retries > 0 && this.report.retryTimeout === 0 };
  }

  /** Sets the variables and evaluates the activity's error mappings; true when a BPMN error was thrown. */
  private async throwsBpmnError(ctx: RuntimeContext, task: ExternalTaskEntity): Promise<boolean> {
    const graph = task.processDefinitionId ? await ctx.graph(await ctx.definition(task.processDefinitionId)) : null;
    const node = task.activityId ? graph?.elements.get(task.activityId) : undefined;
    const mappings = (node && externalTaskConfigOf(node)?.errorEventDefinitions) || [];
    if (!mappings.length && !hasEntries(this.report.variables) && !hasEntries(this.report.localVariables)) return false;
    const { execution, ref } = await loadExternalTask(ctx, task.id, undefined);
    ctx.manager(VariableStore).setAll(execution, this.report.variables);
    ctx.manager(VariableStore).setAll(execution, this.report.localVariables, true);
    if (!throwMappedError(ctx, execution, ref)) return false;
    ctx.manager(ExternalTaskManager).delete(task);
    await ctx.manager(Agenda).run();
    return true;
  }
}
