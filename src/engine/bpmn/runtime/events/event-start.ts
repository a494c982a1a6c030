import { ProcessDefinitionEntity } from '../../../../persistence/entities/repository/process-definition.entity';
import { VariableMap } from '../../../variables/typed-value';
import type { RuntimeContext } from '../runtime-context';
import { createProcessInstance } from '../instance-start';
import { ProcessInstanceState } from '../process-instance-state';

/** A definition as stored now (suspension may have changed since it was cached), or null when it is gone. */
export async function currentDefinition(
  ctx: RuntimeContext,
  definitionId: string,
): Promise<ProcessDefinitionEntity | null> {
  return ctx.em.getRepository(ProcessDefinitionEntity).findOneBy({ id: definitionId });
}

export function isStartable(definition: ProcessDefinitionEntity, now: Date): boolean {
  return definition.suspensionState !== 2 && !(definition.activationTime && definition.activationTime > now);
}

/** A new instance that begins at the start event that fired (message, signal, timer, conditional). */
export async function startAtEvent(
  ctx: RuntimeContext,
  definition: ProcessDefinitionEntity,
  startEventId: string,
  start: { businessKey?: string | null; variables?: VariableMap | null } = {},
): Promise<ProcessInstanceState> {
  ctx.deps.repository.cache.rememberProcessDefinition(definition);
  const graph = await ctx.graph(definition);
  return createProcessInstance(ctx, definition, graph, {
    businessKey: start.businessKey ?? null,
    variables: start.variables ?? null,
    startEventId,
  });
}
