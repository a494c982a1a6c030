import { IsNull } from 'typeorm';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { Resources } from '../../authorization/resources';
import { JOB_TYPE } from '../../bpmn/runtime/events/job-kinds';
import type { JobHandler, RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { ProcessEngineError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { DeploymentManager } from '../../repository/deployment.manager';
import {
  ACTIVE,
  checkSuspendInstancesOfKey,
  SetProcessInstanceSuspensionCmd,
  SUSPENDED,
} from './process-instance-suspension.cmd';
import { EventContext } from '../../bpmn/runtime/events/event-context';
import { JobDefinitionManager } from '../../entities/job-definition.manager';

/** The handler types of Camunda's delayed suspension and activation of process definitions. */
export const DEFINITION_SUSPENSION_HANDLER = {
  suspend: 'suspend-processdefinition',
  activate: 'activate-processdefinition',
} as const;

/** Which definitions (Camunda's UpdateProcessDefinitionSuspensionStateBuilder): by id, or all versions of a key. */
export interface DefinitionSuspensionRequest {
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  /** With a key: only that tenant's definitions (`tenantId` null: those without tenant). */
  tenant?: { tenantId: string | null } | null;
  includeProcessInstances: boolean;
  /** When it should happen; absent or null: now. */
  executionDate?: Date | null;
}

/** What a delayed suspension job keeps, under the names of Camunda's ProcessDefinitionSuspensionStateConfiguration. */
interface DelayedConfiguration {
  by: 'processDefinitionId' | 'processDefinitionKey';
  processDefinitionId?: string;
  processDefinitionKey?: string;
  isTenantIdSet?: boolean;
  processDefinitionTenantId?: string | null;
  includeProcessInstances: boolean;
}

async function definitionsOf(ctx: RuntimeContext, r: DefinitionSuspensionRequest): Promise<ProcessDefinitionEntity[]> {
  const repo = ctx.em.getRepository(ProcessDefinitionEntity);
  if (r.processDefinitionId != null) {
    const found = await repo.findBy({ id: r.processDefinitionId });
    if (found[0]) ctx.checkTenant(found[0].tenantId, `update the process definition '${found[0].id}'`);
    return found;
  }
  const byKey = r.tenant
    ? await repo.findBy({ key: r.processDefinitionKey!, tenantId: r.tenant.tenantId ?? IsNull() })
    : await repo.findBy({ key: r.processDefinitionKey! });
  // By key, the versions of other tenants are not the caller's (Camunda's tenant-checked definition query).
  return byKey.filter((d) => ctx.isAuthenticatedTenant(d.tenantId));
}

/**
 * repositoryService.updateProcessDefinitionSuspensionState(): suspends or activates definitions now (with their
 * running instances when asked) or schedules a timer job that does it at the execution date. Camunda's checks:
 * SUSPEND or UPDATE on the definition, and for the instances what suspending them by definition needs.
 */
export class SetProcessDefinitionSuspensionCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly request: DefinitionSuspensionRequest,
    private readonly suspend: boolean,
    /** False when the delayed job runs it: the caller was checked and logged when it was scheduled. */
    private readonly standalone = true,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const r = this.request;
    if (r.processDefinitionId == null && r.processDefinitionKey == null)
      throw new ProcessEngineError('Process definition id / key cannot be null');
    const definitions = await definitionsOf(ctx, r);
    const key = r.processDefinitionKey ?? definitions[0]?.key;
    if (this.standalone && key != null) {
      await ctx.checkPermissions([
        { permission: 'SUSPEND', resource: Resources.PROCESS_DEFINITION, resourceId: key },
        { permission: 'UPDATE', resource: Resources.PROCESS_DEFINITION, resourceId: key },
      ]);
      if (r.includeProcessInstances) await checkSuspendInstancesOfKey(ctx, key);
    }
    if (r.executionDate) this.schedule(ctx, r, r.executionDate, definitions[0]);
    else {
      const state = this.suspend ? SUSPENDED : ACTIVE;
      ctx.manager(DeploymentManager).setProcessDefinitionSuspension(definitions, state);
      // Camunda's AbstractSetProcessDefinitionStateCmd takes the job definitions along (their jobs only with the
      // instances): new jobs of a suspended definition are born suspended.
      for (const d of definitions)
        ctx.manager(JobDefinitionManager).setSuspensionWhere({ processDefinitionId: d.id }, state);
      if (r.includeProcessInstances) {
        const selection =
          r.processDefinitionId != null
            ? { processDefinitionId: r.processDefinitionId }
            : { processDefinitionKey: r.processDefinitionKey, tenant: r.tenant };
        await new SetProcessInstanceSuspensionCmd(selection, this.suspend, false).execute(ctx);
      }
    }
    if (!this.standalone) return;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.suspend ? 'SuspendProcessDefinition' : 'ActivateProcessDefinition',
      entityType: 'ProcessDefinition',
      category: OPERATION_CATEGORY.operator,
      processDefinitionId: r.processDefinitionId ?? null,
      processDefinitionKey: key ?? null,
      changes: [{ property: 'suspensionState', newValue: this.suspend ? 'suspended' : 'active' }],
    });
  }

  private schedule(
    ctx: RuntimeContext,
    r: DefinitionSuspensionRequest,
    due: Date,
    definition: ProcessDefinitionEntity | undefined,
  ): void {
    const configuration: DelayedConfiguration =
      r.processDefinitionId != null
        ? { by: 'processDefinitionId', processDefinitionId: r.processDefinitionId, includeProcessInstances: false }
        : { by: 'processDefinitionKey', processDefinitionKey: r.processDefinitionKey!, includeProcessInstances: false };
    configuration.includeProcessInstances = r.includeProcessInstances;
    if (r.processDefinitionId == null && r.tenant) {
      configuration.isTenantIdSet = true;
      configuration.processDefinitionTenantId = r.tenant.tenantId;
    }
    ctx.manager(EventContext).insertJob(null, {
      type: JOB_TYPE.timer,
      handlerType: this.suspend ? DEFINITION_SUSPENSION_HANDLER.suspend : DEFINITION_SUSPENSION_HANDLER.activate,
      handlerConfiguration: JSON.stringify(configuration),
      dueDate: due,
      createTime: ctx.now(),
      processDefinitionId: r.processDefinitionId ?? null,
      processDefinitionKey: r.processDefinitionKey ?? definition?.key ?? null,
      tenantId: definition?.tenantId ?? null,
    });
  }
}

function delayedHandler(suspend: boolean): JobHandler {
  return async (ctx, job) => {
    const c = JSON.parse(job.handlerConfiguration ?? '{}') as DelayedConfiguration;
    const request: DefinitionSuspensionRequest =
      c.by === 'processDefinitionId'
        ? { processDefinitionId: c.processDefinitionId, includeProcessInstances: c.includeProcessInstances }
        : {
            processDefinitionKey: c.processDefinitionKey,
            tenant: c.isTenantIdSet ? { tenantId: c.processDefinitionTenantId ?? null } : null,
            includeProcessInstances: c.includeProcessInstances,
          };
    await new SetProcessDefinitionSuspensionCmd(request, suspend, false).execute(ctx);
  };
}

/** The job handlers of delayed definition suspension, for the job executor. */
export const DEFINITION_SUSPENSION_JOB_HANDLERS: ReadonlyMap<string, JobHandler> = new Map([
  [DEFINITION_SUSPENSION_HANDLER.suspend, delayedHandler(true)],
  [DEFINITION_SUSPENSION_HANDLER.activate, delayedHandler(false)],
]);
