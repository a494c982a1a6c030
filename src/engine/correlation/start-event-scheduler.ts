import { EntityManager, In, IsNull, Not } from 'typeorm';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { StartEventNode, ProcessGraph } from '../bpmn/model';
import { waitingDefinition } from '../bpmn/runtime/events/graph-events';
import { jobPriority } from '../bpmn/runtime/events/event-waits';
import { JOB_HANDLER, JOB_TYPE } from '../bpmn/runtime/events/job-kinds';
import { CompiledExpression, variablesContext } from '../expression';
import { planTimer } from '../timer/iso-timer';
import type { DeployedProcess, RepositoryService } from '../repository/repository.service';
import type { CommandContext } from '../command/command-context';
import { EventSubscriptionManager } from '../entities/event-subscription.manager';
import { JobManager } from '../entities/job.manager';

function startEvents(graph: ProcessGraph): StartEventNode[] {
  return (graph.scopes.get(graph.key)?.startEventIds ?? [])
    .map((id) => graph.elements.get(id))
    .filter((n): n is StartEventNode => n?.type === 'startEvent' && waitingDefinition(n) != null);
}

/**
 * The start events of the latest version of each process: message, signal and conditional start
 * events as subscriptions without execution (configuration = definition id), timer start events as
 * jobs. A new version takes them over from the previous one; deleting the latest version gives
 * them back to the version that is latest again.
 */
export class StartEventScheduler {
  private readonly listeners: Array<(due: Date) => void> = [];

  constructor(
    private readonly repository: RepositoryService,
    private readonly clock: () => Date,
  ) {
    repository.onDeployment((ctx, deployed) => this.deployed(ctx, deployed));
    repository.onDeploymentDeletion((ctx, { processDefinitionIds }) => this.deleted(ctx, processDefinitionIds));
  }

  /** Told about start timers that were scheduled (after their transaction, best effort). */
  onTimerScheduled(listener: (due: Date) => void): void {
    this.listeners.push(listener);
  }

  private async deployed(ctx: CommandContext, deployed: DeployedProcess[]): Promise<void> {
    const em = ctx.em;
    for (const { definition, graph } of deployed) {
      const older = await em.getRepository(ProcessDefinitionEntity).find({
        select: { id: true },
        where: { key: definition.key, tenantId: definition.tenantId ?? IsNull(), id: Not(definition.id) },
      });
      await this.remove(
        ctx,
        older.map((d) => d.id),
      );
      this.schedule(ctx, definition, graph);
    }
  }

  private async deleted(ctx: CommandContext, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const em = ctx.em;
    const gone = await em.getRepository(ProcessDefinitionEntity).findBy({ id: In(ids) });
    await this.remove(ctx, ids);
    const seen = new Set<string>();
    for (const d of gone) {
      const key = `${d.key}\u0000${d.tenantId ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const latest = await em.getRepository(ProcessDefinitionEntity).findOne({
        where: { key: d.key, tenantId: d.tenantId ?? IsNull(), id: Not(In(ids)) },
        order: { version: 'DESC' },
      });
      if (!latest || (await this.hasStartRows(em, latest.id))) continue;
      this.schedule(ctx, latest, await this.repository.processGraph(latest));
    }
  }

  private async hasStartRows(em: EntityManager, definitionId: string): Promise<boolean> {
    return (
      (await em
        .getRepository(EventSubscriptionEntity)
        .existsBy({ configuration: definitionId, executionId: IsNull() })) ||
      (await em
        .getRepository(JobEntity)
        .existsBy({ processDefinitionId: definitionId, handlerType: JOB_HANDLER.startTimer }))
    );
  }

  private async remove(ctx: CommandContext, definitionIds: string[]): Promise<void> {
    if (!definitionIds.length) return;
    ctx.manager(EventSubscriptionManager).deleteOfStartEvents(definitionIds);
    const jobs = await ctx.em
      .getRepository(JobEntity)
      .findBy({ processDefinitionId: In(definitionIds), handlerType: JOB_HANDLER.startTimer });
    ctx.manager(JobManager).deleteStartTimers(jobs);
  }

  private schedule(ctx: CommandContext, definition: ProcessDefinitionEntity, graph: ProcessGraph): void {
    const now = this.clock();
    const literal = (e: CompiledExpression) => e.evaluate(variablesContext({}, { now: () => now }));
    for (const node of startEvents(graph)) {
      const def = waitingDefinition(node)!;
      if (def.kind === 'timer') {
        const plan = planTimer(def.timerType, literal(def.value), now);
        ctx.manager(JobManager).create(
          {
            type: JOB_TYPE.timer,
            exclusive: node.async.exclusive,
            processDefinitionId: definition.id,
            processDefinitionKey: definition.key,
            dueDate: plan.due,
            repeat: plan.repeat,
            handlerType: JOB_HANDLER.startTimer,
            handlerConfiguration: node.id,
            priority: jobPriority(node, graph, literal),
            activityId: node.id,
            tenantId: definition.tenantId,
            createTime: now,
          },
          { deploymentId: definition.deploymentId },
        );
        // Once the job is there: the executor would find nothing before the commit.
        ctx.afterCommit(() => {
          for (const l of this.listeners) setTimeout(() => l(plan.due), 0);
        });
        continue;
      }
      const name = def.kind === 'message' ? def.messageName : def.kind === 'signal' ? def.signalName : null;
      ctx.manager(EventSubscriptionManager).create({
        eventType: def.kind,
        eventName: name ? String(literal(name) ?? '') : null,
        executionId: null,
        processInstanceId: null,
        activityId: node.id,
        configuration: definition.id,
        created: now,
        tenantId: definition.tenantId,
      });
    }
  }
}
