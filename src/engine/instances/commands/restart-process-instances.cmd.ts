import { In, Not } from 'typeorm';
import { HistoricDetailEntity } from '../../../persistence/entities/history/historic-detail.entity';
import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { HistoricVariableInstanceEntity } from '../../../persistence/entities/history/historic-variable-instance.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { Resources } from '../../authorization/resources';
import { createProcessInstance } from '../../bpmn/runtime/instance-start';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { checkCreateInstance } from '../../bpmn/runtime/runtime-authorization';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError, NotFoundError, SuspendedEntityInteractionError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { fromColumns } from '../../variables/variable-columns';
import { VariableMap } from '../../variables/typed-value';
import { Agenda } from '../../bpmn/runtime/agenda';

/** One of Camunda's instructions of where a restarted instance begins. */
export interface RestartInstruction {
  type: 'startBeforeActivity' | 'startAfterActivity' | 'startTransition';
  activityId?: string | null;
  transitionId?: string | null;
}

/** What runtimeService.restartProcessInstances(definitionId) was told besides the instances. */
export interface RestartOptions {
  processDefinitionId: string;
  instructions: RestartInstruction[];
  initialVariables: boolean;
  withoutBusinessKey: boolean;
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

/**
 * The checks both the synchronous restart and the batch make first (Camunda's RestartProcessInstancesCmd and
 * RestartProcessInstancesBatchCmd, which name the ids differently): instances and instructions given, the definition
 * deployed.
 */
export async function restartDefinition(
  ctx: RuntimeContext,
  options: RestartOptions,
  ids: Array<string | null>,
  idsName: string,
): Promise<ProcessDefinitionEntity> {
  if (!ids.length) throw new BadUserRequestError('processInstanceIds is empty');
  if (!options.instructions.length)
    throw new BadUserRequestError('Restart instructions cannot be empty: instructions is empty');
  if (ids.some((id) => id == null))
    throw new BadUserRequestError(`Process instance ids cannot be null: ${idsName} contains null value`);
  const definition = await ctx.em.getRepository(ProcessDefinitionEntity).findOneBy({ id: options.processDefinitionId });
  if (!definition)
    throw new NotFoundError(`no deployed process definition found with id '${options.processDefinitionId}'`);
  return definition;
}

/** Camunda's log entry of a restart: on the definition, how many instances, whether as a batch. */
export function logRestart(ctx: RuntimeContext, definition: ProcessDefinitionEntity, count: number, async: boolean) {
  ctx.manager(HistoryLogManager).userOperation({
    operationType: 'RestartProcessInstance',
    entityType: 'ProcessInstance',
    category: OPERATION_CATEGORY.operator,
    processDefinitionId: definition.id,
    processDefinitionKey: definition.key,
    changes: [
      { property: 'nrOfInstances', newValue: count },
      { property: 'async', newValue: async },
    ],
  });
}

/**
 * Starts finished instances of one definition again (runtimeService.restartProcessInstances().execute()): each a new
 * instance of that definition with the old business key (unless withoutBusinessKey) and the old variables (the last
 * values, or those it was started with), beginning where the instructions say. Needs READ_HISTORY on the definition
 * and, for each new instance, what starting one needs. In a batch job (`fromBatch`) the checks and the log entry
 * were made when the batch was created.
 */
export class RestartProcessInstancesCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly options: RestartOptions,
    private readonly ids: Array<string | null>,
    private readonly fromBatch = false,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const definition = await restartDefinition(ctx, this.options, this.ids, 'Process instance ids');
    const ids = [...new Set(this.ids as string[])];
    if (!this.fromBatch) {
      await ctx.checkPermissions([
        { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, resourceId: definition.key },
      ]);
      logRestart(ctx, definition, ids.length, false);
    }
    const startActivityId = await this.startActivity(ctx, definition);
    const historic = new Map(
      (await ctx.em.getRepository(HistoricProcessInstanceEntity).findBy({ id: In(ids) })).map((h) => [h.id, h]),
    );
    for (const id of ids) {
      const old = historic.get(id);
      if (!old)
        throw new BadUserRequestError('Historic process instance cannot be found: historicProcessInstanceId is null');
      if (old.endTime == null)
        throw new BadUserRequestError(
          `ENGINE-13040 Historic process instance '${id}' cannot be restarted. It is not completed or terminated.`,
          'ProcessEngineException',
        );
      if (old.processDefinitionId !== definition.id)
        throw new BadUserRequestError(
          `ENGINE-13039 Historic process instance '${id}' cannot be restarted. Its process definition '${old.processDefinitionId}' does not match given process definition '${definition.id}'`,
          'ProcessEngineException',
        );
      await this.restart(ctx, definition, old, startActivityId);
    }
  }

  /**
   * Where the new instances begin. Until the runtime offers start instructions, one startBeforeActivity of an
   * activity directly in the process is what a restart can do: the instance starts there as it starts at its none
   * start event.
   */
  private async startActivity(ctx: RuntimeContext, definition: ProcessDefinitionEntity): Promise<string> {
    const { instructions, skipCustomListeners, skipIoMappings } = this.options;
    if (skipCustomListeners || skipIoMappings)
      throw new BadUserRequestError('Restart with skipCustomListeners or skipIoMappings is not supported yet');
    if (instructions.length > 1 || instructions[0].type !== 'startBeforeActivity')
      throw new BadUserRequestError('Restart supports one startBeforeActivity instruction only, for now');
    const activityId = instructions[0].activityId;
    if (!activityId) throw new BadUserRequestError('activityId is null');
    const graph = await ctx.graph(definition);
    const element = graph.elements.get(activityId);
    if (!element)
      throw new BadUserRequestError(
        `Element '${activityId}' does not exist in process '${definition.id}': activity is null`,
        'NotValidException',
      );
    if (element.scopeId !== graph.key)
      throw new BadUserRequestError(
        `Restart supports activities directly in the process only, for now; '${activityId}' is not one`,
      );
    return activityId;
  }

  private async restart(
    ctx: RuntimeContext,
    definition: ProcessDefinitionEntity,
    old: HistoricProcessInstanceEntity,
    startActivityId: string,
  ): Promise<void> {
    await checkCreateInstance(ctx, definition.key);
    const now = ctx.now();
    if (definition.suspensionState === 2 || (definition.activationTime && definition.activationTime > now))
      throw new SuspendedEntityInteractionError(
        `Cannot start process instance. Process definition ${definition.name ?? definition.key} (id = ${definition.id}) is suspended`,
      );
    ctx.deps.repository.cache.rememberProcessDefinition(definition);
    const graph = await ctx.graph(definition);
    await createProcessInstance(ctx, definition, graph, {
      businessKey: this.options.withoutBusinessKey ? null : old.businessKey,
      variables: await this.variables(ctx, old.id),
      startEventId: startActivityId,
    });
    await ctx.manager(Agenda).run();
  }

  /** Camunda's collectInitialVariables / collectLastVariables: the instance's own variables, not its scopes'. */
  private async variables(ctx: RuntimeContext, processInstanceId: string): Promise<VariableMap> {
    const variables: VariableMap = {};
    if (this.options.initialVariables) {
      const details = await ctx.em
        .getRepository(HistoricDetailEntity)
        .find({ where: { executionId: processInstanceId, initial: true }, order: { sequenceCounter: 'ASC' } });
      for (const d of details) variables[d.variableName] = fromColumns(d);
    } else {
      const rows = await ctx.em
        .getRepository(HistoricVariableInstanceEntity)
        .find({ where: { executionId: processInstanceId, state: Not('DELETED') }, order: { createTime: 'ASC' } });
      for (const v of rows) variables[v.name] = fromColumns(v);
    }
    return variables;
  }
}
