import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { selectRows } from '../../persistence/raw-rows';
import { needsScope } from '../bpmn/runtime/activity-ref';
import { createScopeExecution } from '../bpmn/runtime/execution-tree';
import { ExecutionManager } from '../entities/execution.manager';
import { evaluate } from '../bpmn/runtime/expression-scope';
import { waitingDefinition } from '../bpmn/runtime/events/graph-events';
import { JOB_HANDLER } from '../bpmn/runtime/events/job-kinds';
import { waitFor } from '../bpmn/runtime/events/event-waits';
import { ProcessInstanceState } from '../bpmn/runtime/process-instance-state';
import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { ExternalTaskManager } from '../entities/external-task.manager';
import { jobDefinitionId, jobDefinitionPart } from '../entities/job-definition.manager';
import { TaskManager } from '../entities/task.manager';
import { planTimer } from '../timer/iso-timer';
import { MigrationGraph, MigrationInstruction } from './migration-plan';
import { MigrationRowsManager } from './migration-rows.manager';

const GATEWAYS = new Set(['parallelGateway', 'inclusiveGateway', 'exclusiveGateway', 'eventBasedGateway']);

/** What a plan means at runtime: the two definitions and the instruction for each source activity. */
export interface ResolvedPlan {
  source: ProcessDefinitionEntity;
  target: ProcessDefinitionEntity;
  sourceGraph: MigrationGraph;
  targetGraph: MigrationGraph;
  bySource: Map<string, MigrationInstruction>;
}

/** Camunda's MigratingProcessInstanceValidationReport, as its REST API shows it. */
export interface InstanceValidationReport {
  processInstanceId: string;
  failures: string[];
  activityInstanceValidationReports: Array<{
    migrationInstruction: MigrationInstruction | null;
    activityInstanceId: string;
    sourceScopeId: string;
    failures: string[];
  }>;
  transitionInstanceValidationReports: Array<{
    migrationInstruction: MigrationInstruction | null;
    transitionInstanceId: string;
    sourceScopeId: string;
    failures: string[];
  }>;
}

interface ActivityInstance {
  id: string;
  activityId: string;
  parentId: string | null;
  /** The execution whose activityId names the activity (the host of a scope activity). */
  execution: ExecutionEntity;
  children: ActivityInstance[];
}

/** The activity instances of an instance, read from its execution tree as the activity instance tree reads it. */
function activityInstances(instance: ProcessInstanceState, graph: MigrationGraph): Map<string, ActivityInstance> {
  const byId = new Map<string, ActivityInstance>();
  for (const e of [instance.root, ...instance.descendants(instance.root)]) {
    const ref = graph.ref(e.activityId ?? '');
    if (!ref || !e.activityInstanceId || byId.has(e.activityInstanceId)) continue;
    if (!e.isActive && GATEWAYS.has(ref.node.type) && !ref.isBody) continue;
    const parentId = instance.scopeInstanceId(instance.scopeOf(e));
    byId.set(e.activityInstanceId, {
      id: e.activityInstanceId,
      activityId: ref.id,
      parentId,
      execution: e,
      children: [],
    });
  }
  for (const ai of byId.values()) if (ai.parentId) byId.get(ai.parentId)?.children.push(ai);
  return byId;
}

/** The scope execution a scope activity instance runs in (the child of its host holding the same instance id). */
function scopeExecutionOf(instance: ProcessInstanceState, ai: ActivityInstance): ExecutionEntity | null {
  return (
    instance
      .children(ai.execution)
      .find((c) => c.isScope && c.activityInstanceId === ai.id && c.activityId === ai.activityId) ?? null
  );
}

/**
 * Camunda's instance validation: every activity instance without children needs an instruction; what this engine
 * cannot reshape (a scope added around or removed from a mapped instance, local variables of a removed scope) is
 * refused too. An empty report (no failures) means the instance can be migrated.
 */
export function validateInstance(
  instance: ProcessInstanceState,
  plan: ResolvedPlan,
  asyncJobs: readonly JobEntity[],
): InstanceValidationReport {
  const report: InstanceValidationReport = {
    processInstanceId: instance.id,
    failures: [],
    activityInstanceValidationReports: [],
    transitionInstanceValidationReports: [],
  };
  const { sourceGraph, targetGraph, bySource } = plan;
  const instances = activityInstances(instance, sourceGraph);
  for (const ai of instances.values()) {
    const instruction = bySource.get(ai.activityId) ?? null;
    const failures: string[] = [];
    if (!instruction) {
      if (!ai.children.length) failures.push("There is no migration instruction for this instance's activity");
      else failures.push("Removing the scope of this instance's activity is not supported");
    } else {
      const parent = ai.parentId ? instances.get(ai.parentId) : undefined;
      const parentTarget = parent ? (bySource.get(parent.activityId)?.targetActivityId ?? null) : null;
      if (targetGraph.flowScope(instruction.targetActivityId) !== parentTarget)
        failures.push(
          `The target activity '${instruction.targetActivityId}' is not in the scope '${parentTarget ?? plan.target.id}' its parent instance is migrated to`,
        );
      const sourceRef = sourceGraph.ref(ai.activityId)!;
      const targetRef = targetGraph.ref(instruction.targetActivityId)!;
      if (needsScope(sourceRef) && !needsScope(targetRef)) {
        if (ai.children.length) failures.push("Removing the scope of this instance's activity is not supported");
        const scope = scopeExecutionOf(instance, ai);
        if (scope && instance.variables.get(scope.id)?.size)
          failures.push('The local variables of this instance would be lost: its target activity is not a scope');
      }
      if (!needsScope(sourceRef) && needsScope(targetRef) && ai.children.length)
        failures.push("Adding a scope to this instance's activity is not supported");
    }
    if (failures.length)
      report.activityInstanceValidationReports.push({
        migrationInstruction: instruction,
        activityInstanceId: ai.id,
        sourceScopeId: ai.activityId,
        failures,
      });
  }
  // Transition instances: tokens resting at an activity (no activity instance) until their async job runs.
  for (const job of asyncJobs) {
    const execution = job.executionId ? instance.get(job.executionId) : undefined;
    if (!execution?.activityId || execution.activityInstanceId) continue;
    const instruction = bySource.get(execution.activityId) ?? null;
    const failures: string[] = [];
    if (!instruction) failures.push("There is no migration instruction for this instance's activity");
    else {
      const parentId = instance.scopeInstanceId(instance.scopeOf(execution));
      const parent = instances.get(parentId);
      const parentTarget = parent ? (bySource.get(parent.activityId)?.targetActivityId ?? null) : null;
      if (targetGraph.flowScope(instruction.targetActivityId) !== parentTarget)
        failures.push(
          `The target activity '${instruction.targetActivityId}' is not in the scope '${parentTarget ?? plan.target.id}' its parent instance is migrated to`,
        );
      if (asyncAfterFlows(job, instruction.targetActivityId, targetGraph) === null)
        failures.push(
          'Transition instance is assigned to a sequence flow that cannot be matched in the target activity',
        );
    }
    if (failures.length)
      report.transitionInstanceValidationReports.push({
        migrationInstruction: instruction,
        transitionInstanceId: execution.id,
        sourceScopeId: execution.activityId,
        failures,
      });
  }
  return report;
}

/**
 * The flows an async-after job leaves by in the target: its own when the target activity has them, else the target
 * activity's only outgoing flow; null when neither (Camunda's AsyncAfterMigrationValidator). Undefined: not such a job.
 */
export function asyncAfterFlows(
  job: JobEntity,
  targetActivityId: string,
  target: MigrationGraph,
): string[] | null | undefined {
  if (job.handlerType !== JOB_HANDLER.asyncContinuation || !job.handlerConfiguration) return undefined;
  const config = JSON.parse(job.handlerConfiguration) as { step?: string; flowIds?: string[] };
  if (config.step !== 'after' || !config.flowIds?.length) return undefined;
  const node = target.graph.elements.get(targetActivityId);
  if (!node) return null;
  if (config.flowIds.every((f) => target.graph.sequenceFlows.get(f)?.sourceId === targetActivityId))
    return config.flowIds;
  return node.outgoing.length === 1 ? [node.outgoing[0]] : null;
}

export function hasFailures(report: InstanceValidationReport): boolean {
  return (
    report.failures.length > 0 ||
    report.activityInstanceValidationReports.length > 0 ||
    report.transitionInstanceValidationReports.length > 0
  );
}

/** Camunda's MigratingProcessInstanceValidationReportImpl.writeTo. */
export function instanceReportText(report: InstanceValidationReport): string {
  let out = `Cannot migrate process instance '${report.processInstanceId}':\n`;
  for (const f of report.failures) out += `\t${f}\n`;
  for (const r of report.activityInstanceValidationReports) {
    out += `\tCannot migrate activity instance '${r.activityInstanceId}':\n`;
    for (const f of r.failures) out += `\t\t${f}\n`;
  }
  for (const r of report.transitionInstanceValidationReports) {
    out += `\tCannot migrate transition instance '${r.transitionInstanceId}':\n`;
    for (const f of r.failures) out += `\t\t${f}\n`;
  }
  return out;
}

export interface WaitingRows {
  jobs: JobEntity[];
  subscriptions: EventSubscriptionEntity[];
  incidents: IncidentEntity[];
}

export async function waitingRowsOf(ctx: RuntimeContext, processInstanceId: string): Promise<WaitingRows> {
  const [jobs, subscriptions, incidents] = await Promise.all([
    selectRows(ctx.em, JobEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId]),
    selectRows(ctx.em, EventSubscriptionEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId]),
    selectRows(ctx.em, IncidentEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId]),
  ]);
  return { jobs, subscriptions, incidents };
}

/**
 * Moves a validated instance to the target definition (Camunda's MigrateProcessInstanceCmd for one instance): its
 * executions, tasks, external tasks, jobs (onto the target's job definitions), subscriptions, incidents, variables
 * and history take the target's definition and activity ids; a scope the target adds around a waiting activity is
 * created; boundary events and event sub-processes the target no longer has stop waiting, those it adds start
 * waiting; instructions with updateEventTrigger recompute timers and event names from the target. A called instance
 * stays with its own definition: its super execution keeps its id.
 */
export async function migrateInstance(
  ctx: RuntimeContext,
  sourceState: ProcessInstanceState,
  plan: ResolvedPlan,
  rows: WaitingRows,
): Promise<ProcessInstanceState> {
  const { sourceGraph, targetGraph, bySource, target } = plan;
  const mapped = (activityId: string | null) =>
    activityId == null ? null : (bySource.get(activityId)?.targetActivityId ?? activityId);
  const before = activityInstances(sourceState, sourceGraph);
  const hosted = hostedEventRows(rows, sourceGraph);

  const tasks = await ctx.manager(TaskManager).ofInstance(sourceState.id);
  const externalTasks = await ctx.manager(ExternalTaskManager).ofInstance(sourceState.id);

  // The executions: definition and activity ids; the instance state is rebuilt on the target graph.
  for (const e of sourceState.executions.values()) {
    e.processDefinitionId = target.id;
    e.processDefinitionKey = target.key;
    e.activityId = mapped(e.activityId);
  }
  const state = new ProcessInstanceState(sourceState.root, target, targetGraph.graph);
  for (const e of sourceState.descendants(sourceState.root)) state.add(e);
  for (const [scope, vars] of sourceState.variables) state.variables.set(scope, vars);
  for (const [scope, vars] of sourceState.transientVariables) state.transientVariables.set(scope, vars);
  ctx.instances.set(state.id, state);
  for (const vars of state.variables.values()) for (const v of vars.values()) v.processDefinitionId = target.id;

  const taskHistory = new Map<
    string,
    { processDefinitionId: string; processDefinitionKey: string; taskDefinitionKey: string | null }
  >();
  for (const t of tasks) {
    t.processDefinitionId = target.id;
    t.processDefinitionKey = target.key;
    t.taskDefinitionKey = mapped(t.taskDefinitionKey);
    taskHistory.set(t.id, {
      processDefinitionId: target.id,
      processDefinitionKey: target.key,
      taskDefinitionKey: t.taskDefinitionKey,
    });
  }
  for (const t of externalTasks) {
    t.processDefinitionId = target.id;
    t.processDefinitionKey = target.key;
    t.activityId = mapped(t.activityId);
  }

  const jobChanges = new Map<string, Partial<JobEntity>>();
  const subscriptionChanges = new Map<string, Partial<EventSubscriptionEntity>>();
  const deletedJobs: string[] = [];
  const deletedSubscriptions: string[] = [];
  // Rows moving to another execution with a scope added or removed (activityId null: every row of the execution).
  const moves: Array<{ from: string; to: string; activityId: string | null }> = [];
  const executionOf = (row: { executionId: string | null; activityId: string | null }) =>
    moves.find((m) => m.from === row.executionId && (m.activityId == null || m.activityId === row.activityId))?.to ??
    row.executionId;

  // Scopes the target adds around a waiting activity (a boundary event or an input/output mapping there now).
  for (const ai of before.values()) {
    const instruction = bySource.get(ai.activityId);
    if (!instruction || ai.children.length) continue;
    const sourceRef = sourceGraph.ref(ai.activityId)!;
    const targetRef = targetGraph.ref(instruction.targetActivityId)!;
    if (!needsScope(sourceRef) && needsScope(targetRef)) {
      const scope = createScopeExecution(ctx, state, ai.execution);
      scope.processDefinitionId = target.id;
      scope.processDefinitionKey = target.key;
      moves.push({ from: ai.execution.id, to: scope.id, activityId: ai.activityId });
      for (const t of tasks) if (t.executionId === ai.execution.id) t.executionId = scope.id;
      for (const t of externalTasks) if (t.executionId === ai.execution.id) t.executionId = scope.id;
    } else if (needsScope(sourceRef) && !needsScope(targetRef)) {
      const scope = scopeExecutionOf(sourceState, ai);
      if (!scope) continue;
      moves.push({ from: scope.id, to: ai.execution.id, activityId: null });
      for (const t of tasks) if (t.executionId === scope.id) t.executionId = ai.execution.id;
      for (const t of externalTasks) if (t.executionId === scope.id) t.executionId = ai.execution.id;
      // The scope's own waits (its boundary events) are gone in the target; its activity's rows move up.
      for (const s of rows.subscriptions)
        if (s.executionId === scope.id && hosted.has(s.id)) deletedSubscriptions.push(s.id);
      for (const j of rows.jobs) if (j.executionId === scope.id && hosted.has(j.id)) deletedJobs.push(j.id);
      // Not removeExecution: that would delete by execution the rows moved up to the host.
      ctx.manager(ExecutionManager).remove(state.root, scope);
      state.remove(scope);
      ai.execution.isActive = true;
    }
  }

  const targetWaits = new Map<string, Set<string>>();
  const waitsOn = (executionId: string) => {
    if (!targetWaits.has(executionId)) targetWaits.set(executionId, new Set());
    return targetWaits.get(executionId)!;
  };

  const retarget = (row: JobEntity | EventSubscriptionEntity): { activityId: string | null; drop: boolean } => {
    const sourceActivity = row.activityId;
    const instruction = sourceActivity ? bySource.get(sourceActivity) : undefined;
    if (hosted.has(row.id) && !instruction) return { activityId: sourceActivity, drop: true };
    return { activityId: mapped(sourceActivity), drop: false };
  };

  for (const s of rows.subscriptions) {
    if (deletedSubscriptions.includes(s.id)) continue;
    const { activityId, drop } = retarget(s);
    if (drop) {
      deletedSubscriptions.push(s.id);
      continue;
    }
    const changes: Partial<EventSubscriptionEntity> = { activityId };
    const executionId = executionOf(s);
    if (executionId !== s.executionId) changes.executionId = executionId;
    if (s.activityId && bySource.get(s.activityId)?.updateEventTrigger && executionId) {
      const node = targetGraph.graph.elements.get(activityId ?? '');
      const def = waitingDefinition(node);
      const execution = state.get(executionId);
      if (execution && def && (def.kind === 'message' || def.kind === 'signal')) {
        const name = def.kind === 'message' ? def.messageName : def.signalName;
        if (name) changes.eventName = String(evaluate(ctx, execution, name));
      }
    }
    if (executionId && activityId) waitsOn(executionId).add(activityId);
    subscriptionChanges.set(s.id, changes);
  }

  for (const j of rows.jobs) {
    if (deletedJobs.includes(j.id)) continue;
    const { activityId, drop } = retarget(j);
    if (drop) {
      deletedJobs.push(j.id);
      continue;
    }
    const changes: Partial<JobEntity> = {
      processDefinitionId: target.id,
      processDefinitionKey: target.key,
      activityId,
    };
    const executionId = executionOf(j);
    if (executionId !== j.executionId) changes.executionId = executionId;
    if (j.type === 'timer' && j.handlerConfiguration === j.activityId) changes.handlerConfiguration = activityId;
    else if (j.handlerType === JOB_HANDLER.asyncContinuation && j.handlerConfiguration) {
      const config = JSON.parse(j.handlerConfiguration) as { startEventId?: string; flowIds?: string[] };
      const flows = activityId ? asyncAfterFlows(j, activityId, targetGraph) : undefined;
      if (config.startEventId || flows) {
        if (config.startEventId) config.startEventId = mapped(config.startEventId)!;
        if (flows) config.flowIds = flows;
        changes.handlerConfiguration = JSON.stringify(config);
      }
    }
    if (activityId && j.handlerType)
      changes.jobDefinitionId = jobDefinitionId(
        target.id,
        activityId,
        j.handlerType,
        jobDefinitionPart(j.handlerType, j.handlerConfiguration),
      );
    if (j.type === 'timer' && j.activityId && bySource.get(j.activityId)?.updateEventTrigger && executionId) {
      const def = waitingDefinition(targetGraph.graph.elements.get(activityId ?? ''));
      const execution = state.get(executionId);
      if (execution && def?.kind === 'timer') {
        const timer = planTimer(def.timerType, evaluate(ctx, execution, def.value), ctx.now());
        changes.dueDate = timer.due;
        changes.repeat = timer.repeat;
      }
    }
    if (executionId && activityId) waitsOn(executionId).add(activityId);
    jobChanges.set(j.id, changes);
  }

  // Boundary events and event sub-processes of the target that nothing waits for yet start waiting.
  for (const { execution, eventIds, handler } of targetEventHosts(state, targetGraph)) {
    const present = targetWaits.get(execution.id) ?? new Set<string>();
    for (const id of eventIds) {
      if (present.has(id)) continue;
      const node = targetGraph.graph.elements.get(id)!;
      waitFor(ctx, state, execution, node, waitingDefinition(node)!, handler);
    }
  }

  const incidentChanges = new Map<string, Partial<IncidentEntity>>();
  for (const i of rows.incidents) {
    const job = i.configuration ? jobChanges.get(i.configuration) : undefined;
    const executionId = executionOf(i);
    incidentChanges.set(i.id, {
      processDefinitionId: target.id,
      activityId: mapped(i.activityId),
      failedActivityId: mapped(i.failedActivityId),
      ...(job?.jobDefinitionId ? { jobDefinitionId: job.jobDefinitionId } : {}),
      ...(executionId !== i.executionId ? { executionId } : {}),
    });
  }

  const activityHistory = new Map<
    string,
    { processDefinitionId: string; processDefinitionKey: string; activityId: string }
  >();
  for (const ai of before.values())
    activityHistory.set(ai.id, {
      processDefinitionId: target.id,
      processDefinitionKey: target.key,
      activityId: mapped(ai.activityId)!,
    });

  const writer = ctx.manager(MigrationRowsManager);
  writer.deleteJobs(deletedJobs);
  writer.deleteSubscriptions(deletedSubscriptions);
  writer.updateJobs(jobChanges);
  writer.updateSubscriptions(subscriptionChanges);
  writer.updateIncidents(incidentChanges);
  writer.migrateHistory(state.id, target, activityHistory, taskHistory);
  ctx.touch(state);
  return state;
}

/** Rows that wait on a scope for one of its boundary events or event sub-processes (not for its own activity). */
function hostedEventRows(rows: WaitingRows, graph: MigrationGraph): Set<string> {
  const hosted = new Set<string>();
  for (const row of [...rows.jobs, ...rows.subscriptions])
    if (row.activityId && graph.eventScope(row.activityId) !== undefined) hosted.add(row.id);
  return hosted;
}

/** Scope executions of the migrated instance with the events that should wait on them in the target. */
function targetEventHosts(
  instance: ProcessInstanceState,
  graph: MigrationGraph,
): Array<{
  execution: ExecutionEntity;
  eventIds: string[];
  handler: typeof JOB_HANDLER.boundaryTimer | typeof JOB_HANDLER.eventSubProcessTimer;
}> {
  const out: Array<{
    execution: ExecutionEntity;
    eventIds: string[];
    handler: typeof JOB_HANDLER.boundaryTimer | typeof JOB_HANDLER.eventSubProcessTimer;
  }> = [];
  for (const e of [instance.root, ...instance.descendants(instance.root)]) {
    if (!e.isScope) continue;
    const parent = instance.parent(e);
    if (!parent) {
      out.push({
        execution: e,
        eventIds: graph.eventSubProcessStartsOf(null),
        handler: JOB_HANDLER.eventSubProcessTimer,
      });
      continue;
    }
    // A scope execution of an activity: the parent names the same activity instance.
    if (e.activityInstanceId !== parent.activityInstanceId || !e.activityId) continue;
    const ref = graph.ref(e.activityId);
    if (!ref) continue;
    out.push({ execution: e, eventIds: graph.boundaryEventsOf(ref.id), handler: JOB_HANDLER.boundaryTimer });
    if (!ref.isBody && ref.node.type === 'subProcess')
      out.push({
        execution: e,
        eventIds: graph.eventSubProcessStartsOf(ref.id),
        handler: JOB_HANDLER.eventSubProcessTimer,
      });
  }
  return out;
}
