import { Resources } from '../../authorization/resources';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError, MigrationValidationError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { JOB_HANDLER } from '../../bpmn/runtime/events/job-kinds';
import {
  hasFailures,
  instanceReportText,
  migrateInstance,
  ResolvedPlan,
  validateInstance,
  waitingRowsOf,
  WaitingRows,
} from '../instance-migration';
import { validateInstructions } from '../migration-plan';
import { PlanRequest, planValidationError, resolvePlan } from './migration-plan.cmd';

export interface MigrationOptions {
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

/** Camunda's checks on the ids of a migration: a list without nulls and not empty. */
export function ensureMigrationIds(ids: Array<string | null>): string[] {
  if (!ids.length) throw new BadUserRequestError('process instance ids is empty');
  if (ids.some((id) => id == null)) throw new BadUserRequestError('process instance ids contains null value');
  return [...new Set(ids as string[])];
}

/** A valid plan with its definitions and MIGRATE_INSTANCE on both (Camunda's checkMigrateProcessInstance). */
export async function checkedPlan(ctx: RuntimeContext, plan: PlanRequest, checkPermission: boolean) {
  const resolved = await resolvePlan(ctx, plan, plan.instructions, null);
  const [from, to] = [resolved.source.tenantId ?? null, resolved.target.tenantId ?? null];
  if (from != null && to != null && from !== to)
    throw new BadUserRequestError(
      `Cannot migrate process instances between processes of different tenants ('${from}' != '${to}')`,
    );
  const reports = validateInstructions(resolved.sourceGraph, resolved.targetGraph, plan.instructions);
  if (reports.length) throw planValidationError(plan, reports);
  if (checkPermission)
    for (const d of [resolved.source, resolved.target])
      await ctx.checkPermissions([
        { permission: 'MIGRATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: d.key },
      ]);
  return resolved;
}

/**
 * Migrates process instances of one plan in one transaction (runtimeService.newMigration(plan).execute(), and the
 * work of one migration batch job): every instance is checked before any is changed, so a refused one leaves all
 * as they were.
 */
export async function migrateProcessInstances(
  ctx: RuntimeContext,
  plan: ResolvedPlan,
  variables: PlanRequest['variables'],
  ids: string[],
): Promise<void> {
  const prepared: Array<{ instance: ProcessInstanceState; rows: WaitingRows }> = [];
  for (const id of ids) {
    const instance = await ctx.loadInstance(id);
    if (!instance || instance.ended)
      throw new BadUserRequestError(`Process instance '${id}' cannot be migrated. The process instance does not exist`);
    if (instance.definition.id !== plan.source.id)
      throw new BadUserRequestError(
        `Process instance '${id}' cannot be migrated. Its process definition '${instance.definition.id}' does not match the source process definition of the migration plan '${plan.source.id}'`,
      );
    const tenant = instance.root.tenantId ?? null;
    const targetTenant = plan.target.tenantId ?? null;
    if (targetTenant != null && tenant !== targetTenant)
      throw new BadUserRequestError(
        tenant != null
          ? `Cannot migrate process instance '${id}' to a process definition of a different tenant ('${tenant}' != '${targetTenant}')`
          : `Cannot migrate process instance '${id}' without tenant to a process definition with a tenant ('${targetTenant}')`,
      );
    const rows = await waitingRowsOf(ctx, id);
    const asyncJobs = rows.jobs.filter((j) => j.handlerType === JOB_HANDLER.asyncContinuation);
    const report = validateInstance(instance, plan, asyncJobs);
    if (hasFailures(report))
      throw new MigrationValidationError(
        instanceReportText(report),
        'MigratingProcessInstanceValidationException',
        report,
      );
    prepared.push({ instance, rows });
  }
  for (const { instance, rows } of prepared) {
    const migrated = await migrateInstance(ctx, instance, plan, rows);
    if (variables && Object.keys(variables).length) ctx.manager(VariableStore).setAll(migrated.root, variables);
  }
}

/** runtimeService.newMigration(plan).processInstanceIds(...).execute(). */
export class MigrateProcessInstancesCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly plan: PlanRequest,
    private readonly ids: Array<string | null>,
    private readonly options: MigrationOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const resolved = await checkedPlan(ctx, this.plan, true);
    const ids = ensureMigrationIds(this.ids);
    await migrateProcessInstances(ctx, resolved, this.plan.variables, ids);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'Migrate',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      processDefinitionId: resolved.source.id,
      processDefinitionKey: resolved.source.key,
      changes: [
        { property: 'processDefinitionId', orgValue: resolved.source.id, newValue: resolved.target.id },
        { property: 'nrOfInstances', newValue: ids.length },
        { property: 'nrOfVariables', newValue: Object.keys(this.plan.variables ?? {}).length },
        { property: 'async', newValue: false },
      ],
    });
  }
}
