import { In, IsNull } from 'typeorm';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { PermissionCheck } from '../../authorization/authorization-checker';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { ExecutionManager } from '../../entities/execution.manager';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { JobManager } from '../../entities/job.manager';
import { TaskManager } from '../../entities/task.manager';
import { BadUserRequestError, ProcessEngineError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { ProcessHistoryManager } from '../../history/process-history.manager';

export const SUSPENDED = 2;
export const ACTIVE = 1;

/** Which process instances one suspension or activation is about (Camunda's UpdateProcessInstanceSuspensionStateBuilder). */
export interface InstanceSuspensionSelection {
  processInstanceId?: string | null;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  /** With a key: only instances of that tenant's definitions (`tenantId` null: of definitions without tenant). */
  tenant?: { tenantId: string | null } | null;
}

/** The permissions Camunda's command checker asks for suspending instances: any one of them will do. */
function instanceChecks(definitionKey: string, processInstanceId: string | null): PermissionCheck[] {
  const instance = { resource: Resources.PROCESS_INSTANCE, resourceId: processInstanceId };
  const definition = { resource: Resources.PROCESS_DEFINITION, resourceId: definitionKey };
  return [
    { permission: 'SUSPEND', ...instance },
    { permission: 'SUSPEND_INSTANCE', ...definition },
    { permission: 'UPDATE', ...instance },
    { permission: 'UPDATE_INSTANCE', ...definition },
  ];
}

/** SUSPEND or UPDATE on an instance, or SUSPEND_INSTANCE or UPDATE_INSTANCE on its definition. */
export async function checkSuspendInstance(ctx: RuntimeContext, root: ExecutionEntity): Promise<void> {
  ctx.checkTenant(root.tenantId, `update the process instance '${root.id}'`);
  if (root.processDefinitionKey) await ctx.checkPermissions(instanceChecks(root.processDefinitionKey, root.id));
}

/** On all instances of a definition: SUSPEND or UPDATE on every instance, or the definition's ..._INSTANCE. */
export async function checkSuspendInstancesOfKey(ctx: RuntimeContext, definitionKey: string): Promise<void> {
  await ctx.checkPermissions(instanceChecks(definitionKey, null));
}

/** The running process instances (their root executions) a selection picks. */
async function selectRoots(ctx: RuntimeContext, s: InstanceSuspensionSelection): Promise<ExecutionEntity[]> {
  const repo = ctx.em.getRepository(ExecutionEntity);
  let rows: ExecutionEntity[];
  if (s.processInstanceId != null) rows = await repo.findBy({ id: s.processInstanceId });
  else if (s.processDefinitionId != null) rows = await repo.findBy({ processDefinitionId: s.processDefinitionId });
  else if (s.tenant)
    rows = await repo.findBy({
      processDefinitionKey: s.processDefinitionKey!,
      tenantId: s.tenant.tenantId ?? IsNull(),
    });
  else rows = await repo.findBy({ processDefinitionKey: s.processDefinitionKey! });
  // By key, the instances of other tenants are not the caller's to change (nor to be told about).
  const byKey = s.processInstanceId == null && s.processDefinitionId == null;
  return rows.filter((r) => r.id === r.processInstanceId && (!byKey || ctx.isAuthenticatedTenant(r.tenantId)));
}

/**
 * Suspends or activates whole process instances, as Camunda's AbstractSetProcessInstanceStateCmd: their executions,
 * tasks, external tasks and jobs, and the state of their historic instances. Nothing is checked here.
 */
export async function setInstancesSuspension(
  ctx: RuntimeContext,
  roots: ExecutionEntity[],
  suspensionState: number,
): Promise<void> {
  if (!roots.length) return;
  const ids = roots.map((r) => r.id);
  ctx.manager(ExecutionManager).setSuspensionOfInstances(roots, suspensionState);
  ctx.manager(TaskManager).setSuspensionOfInstances(ids, suspensionState);
  await ctx.manager(ExternalTaskManager).setSuspensionOfInstances(ids, suspensionState);
  ctx.manager(JobManager).setSuspensionOfInstances(ids, suspensionState);
  ctx.manager(ProcessHistoryManager).setInstanceState(ids, suspensionState === SUSPENDED ? 'SUSPENDED' : 'ACTIVE');
  if (suspensionState === ACTIVE) {
    const now = ctx.now();
    ctx.afterCommit(() => ctx.deps.jobsCreated?.(now));
  }
}

/** The root executions of these running instances; ids of instances not running are left out. */
export async function rootsOf(ctx: RuntimeContext, processInstanceIds: string[]): Promise<ExecutionEntity[]> {
  if (!processInstanceIds.length) return [];
  const rows = await ctx.em.getRepository(ExecutionEntity).findBy({ id: In(processInstanceIds) });
  return rows.filter((r) => r.id === r.processInstanceId);
}

/** runtimeService.updateProcessInstanceSuspensionState() by one instance id, a definition id or a definition key. */
export class SetProcessInstanceSuspensionCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly selection: InstanceSuspensionSelection,
    private readonly suspend: boolean,
    /** False when run as part of a definition's suspension, which checked and logs for itself. */
    private readonly standalone = true,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const s = this.selection;
    if (s.processInstanceId == null && s.processDefinitionId == null && s.processDefinitionKey == null)
      throw new ProcessEngineError('ProcessInstanceId, ProcessDefinitionId nor ProcessDefinitionKey cannot be null.');
    const roots = await selectRoots(ctx, s);
    if (this.standalone) {
      if (s.processInstanceId != null) {
        if (roots[0]) await checkSuspendInstance(ctx, roots[0]);
      } else if (s.processDefinitionId != null) {
        const definition = await ctx.em.getRepository(ProcessDefinitionEntity).findOneBy({ id: s.processDefinitionId });
        if (definition) {
          ctx.checkTenant(definition.tenantId, `update the process definition '${definition.id}'`);
          await checkSuspendInstancesOfKey(ctx, definition.key);
        }
      } else {
        await checkSuspendInstancesOfKey(ctx, s.processDefinitionKey!);
      }
    }
    await setInstancesSuspension(ctx, roots, this.suspend ? SUSPENDED : ACTIVE);
    if (this.standalone) logSuspension(ctx, this.suspend, s, s.processInstanceId != null ? roots[0] : undefined);
  }
}

/** Camunda's Suspend / Activate entry of one selection (one instance, or all of a definition). */
function logSuspension(
  ctx: RuntimeContext,
  suspend: boolean,
  s: InstanceSuspensionSelection,
  single: ExecutionEntity | undefined,
): void {
  ctx.manager(HistoryLogManager).userOperation({
    operationType: suspend ? 'Suspend' : 'Activate',
    entityType: 'ProcessInstance',
    category: OPERATION_CATEGORY.operator,
    processInstanceId: s.processInstanceId ?? null,
    processDefinitionId: single?.processDefinitionId ?? s.processDefinitionId ?? null,
    processDefinitionKey: single?.processDefinitionKey ?? s.processDefinitionKey ?? null,
    rootProcessInstanceId: single ? (single.rootProcessInstanceId ?? single.id) : null,
    changes: [{ property: 'suspensionState', newValue: suspend ? 'suspended' : 'active' }],
  });
}

/** Camunda's checks of a group of instance ids: not empty, no null in it (the batch names the list differently). */
export function ensureInstanceIds(ids: Array<string | null>, name = 'Process Instance ids'): string[] {
  if (!ids.length) throw new BadUserRequestError(`No process instance ids given: ${name} is empty`);
  if (ids.some((id) => id == null))
    throw new BadUserRequestError('Cannot be null.: Process Instance ids contains null value');
  return [...new Set(ids as string[])];
}

/**
 * The group of instances of runtimeService.updateProcessInstanceSuspensionState().byProcessInstanceIds(...)
 * (or a query): one log entry for the group, which Camunda types as a job's suspension, then each instance as by its
 * id (checked and logged one by one).
 */
export class SetProcessInstancesSuspensionCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly processInstanceIds: Array<string | null>,
    private readonly suspend: boolean,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const ids = ensureInstanceIds(this.processInstanceIds);
    const roots = await rootsOf(ctx, ids);
    for (const root of roots) await checkSuspendInstance(ctx, root);
    await setInstancesSuspension(ctx, roots, this.suspend ? SUSPENDED : ACTIVE);
    for (const root of roots) logSuspension(ctx, this.suspend, { processInstanceId: root.id }, root);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.suspend ? 'SuspendJob' : 'ActivateJob',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      changes: [
        { property: 'nrOfInstances', newValue: ids.length },
        { property: 'async', newValue: false },
      ],
    });
  }
}
