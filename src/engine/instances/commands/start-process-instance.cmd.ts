import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { createProcessInstance } from '../../bpmn/runtime/instance-start';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { activityInstanceTree } from '../../bpmn/runtime/activity-instances';
import { applyInstruction } from '../../bpmn/runtime/modification/instance-modification';
import { NotFoundError, SuspendedEntityInteractionError } from '../../errors';
import { Command } from '../../command/command';
import { checkCreateInstance, checkReadDefinition } from '../../bpmn/runtime/runtime-authorization';
import { ProcessInstanceInfo, StartProcessInstanceRequest } from '../runtime-types';
import { inInstance, OPERATION_CATEGORY } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

export function instanceInfo(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  withVariables = false,
): ProcessInstanceInfo {
  const root = instance.root;
  const info: ProcessInstanceInfo = {
    id: root.id,
    definitionId: instance.definition.id,
    definitionKey: instance.definition.key,
    businessKey: root.businessKey,
    caseInstanceId: null,
    ended: instance.ended,
    suspended: root.suspensionState === 2,
    tenantId: root.tenantId,
  };
  if (withVariables)
    info.variables = instance.ended ? (instance.finalVariables ?? {}) : ctx.manager(VariableStore).local(root);
  return info;
}

export class StartProcessInstanceCmd implements Command<ProcessInstanceInfo> {
  constructor(private readonly request: StartProcessInstanceRequest) {}

  async execute(ctx: RuntimeContext): Promise<ProcessInstanceInfo> {
    const definition = await this.definition(ctx);
    await checkCreateInstance(ctx, definition.key);
    const now = ctx.now();
    if (definition.suspensionState === 2 || (definition.activationTime && definition.activationTime > now)) {
      throw new SuspendedEntityInteractionError(
        `Cannot start process instance. Process definition ${definition.name ?? definition.key} (id = ${definition.id}) is suspended`,
      );
    }
    ctx.deps.repository.cache.rememberProcessDefinition(definition);
    const graph = await ctx.graph(definition);
    const instructions = this.request.startInstructions ?? [];
    const first = instructions[0];
    const instance = await createProcessInstance(ctx, definition, graph, {
      businessKey: this.request.businessKey ?? null,
      variables: this.request.variables ?? null,
      startActivityId: first ? (first.activityId ?? first.transitionId ?? undefined) : undefined,
    });
    if (first) {
      const flags = {
        skipCustomListeners: this.request.skipCustomListeners === true,
        skipIoMappings: this.request.skipIoMappings === true,
      };
      const before = activityInstanceTree(instance);
      for (const instruction of instructions) await applyInstruction(ctx, instance, instruction, flags, before);
    }
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'Create',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      ...inInstance(instance),
    });
    await ctx.manager(Agenda).run();
    return instanceInfo(ctx, instance, this.request.withVariablesInReturn);
  }

  /** Re-read, so that suspension and deletion since the caller looked it up count. */
  private async definition(ctx: RuntimeContext): Promise<ProcessDefinitionEntity> {
    const { definition, key, tenantId } = this.request;
    if (definition) {
      const found = await ctx.em.getRepository(ProcessDefinitionEntity).findOneBy({ id: definition.id });
      if (!found) throw new NotFoundError(`no deployed process definition found with id '${definition.id}'`);
      ctx.checkTenant(found.tenantId, `create an instance of the process definition '${found.id}'`);
      return found;
    }
    if (!key) throw new NotFoundError('no process definition key given');
    const found = (await ctx.deps.repository.latest(
      ctx.em,
      'process',
      key,
      tenantId ?? null,
    )) as ProcessDefinitionEntity | null;
    // Camunda's REST finds the definition by a tenant-checked query first: another tenant's is not there.
    if (!found || !ctx.isAuthenticatedTenant(found.tenantId)) {
      throw new NotFoundError(
        tenantId == null
          ? `no processes deployed with key '${key}'`
          : `no processes deployed with key '${key}' and tenant-id '${tenantId}'`,
      );
    }
    if (this.request.readDefinition) await checkReadDefinition(ctx, found.key);
    return found;
  }
}
