import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { Resources } from '../../authorization/resources';
import { staticallyCalledProcess } from '../../bpmn/runtime/definition-binding';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { AuthorizationError } from '../../errors';

/** A definition some call activities of another one always call. */
export interface CalledProcessDefinition {
  definition: ProcessDefinitionEntity;
  callingProcessDefinitionId: string;
  calledFromActivityIds: string[];
}

/**
 * repositoryService.getStaticCalledProcessDefinitions (Camunda's GetStaticCalledProcessDefinitionCmd): the
 * definitions the call activities of `caller` (at any depth) call with a reference free of expressions, each once
 * with the activities calling it; those the caller may not READ are left out.
 */
export class StaticCalledProcessDefinitionsCmd implements Command<CalledProcessDefinition[], RuntimeContext> {
  constructor(private readonly caller: ProcessDefinitionEntity) {}

  async execute(ctx: RuntimeContext): Promise<CalledProcessDefinition[]> {
    const graph = await ctx.graph(this.caller);
    const byId = new Map<string, CalledProcessDefinition>();
    const unreadable = new Set<string>();
    for (const node of graph.elements.values()) {
      if (node.type !== 'callActivity') continue;
      const { calledElement, ...binding } = node.callActivity;
      const called = await staticallyCalledProcess(ctx, this.caller, calledElement, binding);
      if (!called || unreadable.has(called.id)) continue;
      const known = byId.get(called.id);
      if (known) {
        known.calledFromActivityIds.push(node.id);
        continue;
      }
      try {
        await ctx.checkPermissions([
          { permission: 'READ', resource: Resources.PROCESS_DEFINITION, resourceId: called.key },
        ]);
      } catch (err) {
        if (!(err instanceof AuthorizationError)) throw err;
        unreadable.add(called.id);
        continue;
      }
      byId.set(called.id, {
        definition: called,
        callingProcessDefinitionId: this.caller.id,
        calledFromActivityIds: [node.id],
      });
    }
    return [...byId.values()].sort((a, b) => (a.definition.id < b.definition.id ? -1 : 1));
  }
}
