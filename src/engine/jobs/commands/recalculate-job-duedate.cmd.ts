import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { TimerEventDefinition } from '../../bpmn/model/timer-definition';
import type { ProcessGraph } from '../../bpmn/model';
import { evaluate } from '../../bpmn/runtime/expression-scope';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobManager } from '../../entities/job.manager';
import { BadUserRequestError, NotFoundError, ProcessEngineError } from '../../errors';
import { variablesContext } from '../../expression';
import { HistoryLogManager } from '../../history/history-log.manager';
import { planTimer } from '../../timer/iso-timer';
import { checkUpdateJob } from './job-permissions';

/** The timer a timer job was made from: its event's, or that of the task's timeout listener it fires. */
function timerOf(graph: ProcessGraph, job: JobEntity): TimerEventDefinition | null {
  const node = job.activityId ? graph.elements.get(job.activityId) : undefined;
  if (!node) return null;
  if (job.handlerType === 'timer-task-listener') {
    if (node.type !== 'userTask') return null;
    const { listenerId } = JSON.parse(job.handlerConfiguration ?? '{}') as { listenerId?: string };
    return node.userTask.taskListeners.find((l) => l.id === listenerId)?.timer ?? null;
  }
  const definition = 'eventDefinition' in node ? node.eventDefinition : null;
  return definition?.kind === 'timer' ? definition : null;
}

/**
 * managementService.recalculateJobDuedate: the timer's value is evaluated again (in its execution, whose variables may
 * have changed) from now, or from the job's creation time with `creationDateBased`.
 */
export class RecalculateJobDuedateCmd implements Command<void> {
  constructor(
    private readonly jobId: string,
    private readonly creationDateBased: boolean,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) throw new NotFoundError(`No job found with id '${this.jobId}'`);
    if (job.type !== 'timer' || !job.processDefinitionId)
      throw new BadUserRequestError(
        `Only timer jobs can be recalculated, but the job with id '${this.jobId}' is of type '${job.handlerType}'.`,
      );
    await checkUpdateJob(ctx, job);
    const timer = timerOf(await ctx.graph(await ctx.definition(job.processDefinitionId)), job);
    if (!timer) throw new ProcessEngineError(`No timer declaration found for job id '${this.jobId}'.`);
    const base = this.creationDateBased ? job.createTime : ctx.now();
    if (!base)
      throw new BadUserRequestError(
        `Timer '${job.activityId}' has no creation time and cannot be recalculated based on creation date. Either recalculate on your own or trigger recalculation with creationDateBased set to false.`,
      );
    const instance = job.processInstanceId ? await ctx.loadInstance(job.processInstanceId) : null;
    const execution = instance?.get(job.executionId ?? '');
    const value = execution
      ? evaluate(ctx, execution, timer.value)
      : timer.value.evaluate(variablesContext({}, { now: () => ctx.now() }));
    const before = job.dueDate;
    const due = planTimer(timer.timerType, value, base).due;
    ctx.manager(JobManager).track(job).dueDate = due;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'RecalculateDueDate',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [
        { property: 'creationDateBased', orgValue: null, newValue: this.creationDateBased },
        { property: 'duedate', orgValue: before?.getTime() ?? null, newValue: due.getTime() },
      ],
      jobId: job.id,
      jobDefinitionId: job.jobDefinitionId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      processDefinitionKey: job.processDefinitionKey,
      tenantId: job.tenantId,
    });
  }
}
