import { EntityManager, FindOptionsWhere, In } from 'typeorm';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { deleteWhereStatement, SqlStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { WriteBatch } from '../../persistence/write-batch';
import { CommandContext } from '../command/command-context';
import { DecisionEvaluation } from '../dmn/decision-evaluator';
import { newId } from '../util/ids';
import { toColumns } from '../variables/variable-columns';
import { idChunks, ProcessHistoryScope, scopeIds, scopeWhere } from './process-history-tables';

/** Where an evaluation happened: standalone (REST) or inside a process (business rule task). */
export interface DecisionEvaluationSource {
  userId: string | null;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  processInstanceId?: string | null;
  rootProcessInstanceId?: string | null;
  activityId?: string | null;
  activityInstanceId?: string | null;
}

const DAY_MS = 86_400_000;
/**
 * Historic decision instances with their inputs and outputs (Camunda's HistoricDecisionInstanceManager): written when
 * decisions are evaluated, removed with their definitions or with the process instances that evaluated them, given
 * those instances' removal time. All through the command's unit of work. Inputs and outputs are found by their
 * decision instance's id (the column they are indexed by), so removals look the instances up first, at flush.
 */
export class DecisionHistoryManager {
  constructor(private readonly ctx: CommandContext) {}

  /**
   * One historic decision instance per evaluated decision (required decisions first, the evaluated decision last),
   * each with its inputs and outputs: one bulk insert per table at flush.
   */
  evaluated(
    evaluations: DecisionEvaluation[],
    definitions: Map<string, DecisionDefinitionEntity>,
    source: DecisionEvaluationSource,
  ): void {
    const now = this.ctx.now();
    const instances: HistoricDecisionInstanceEntity[] = [];
    const inputs: HistoricDecisionInputEntity[] = [];
    const outputs: HistoricDecisionOutputEntity[] = [];
    const rootId = newId();
    evaluations.forEach((evaluation, index) => {
      const definition = definitions.get(evaluation.decisionKey);
      if (!definition) return;
      const isRoot = index === evaluations.length - 1;
      const id = isRoot ? rootId : newId();
      const ttl = definition.historyTimeToLive;
      const removalTime = ttl == null ? null : new Date(now.getTime() + ttl * DAY_MS);
      instances.push(
        Object.assign(new HistoricDecisionInstanceEntity(), {
          id,
          decisionDefinitionId: definition.id,
          decisionDefinitionKey: definition.key,
          decisionDefinitionName: definition.name,
          processDefinitionKey: source.processDefinitionKey ?? null,
          processDefinitionId: source.processDefinitionId ?? null,
          processInstanceId: source.processInstanceId ?? null,
          rootProcessInstanceId: source.rootProcessInstanceId ?? null,
          caseDefinitionKey: null,
          caseDefinitionId: null,
          caseInstanceId: null,
          activityInstanceId: source.activityInstanceId ?? null,
          activityId: source.activityId ?? null,
          evaluationTime: now,
          removalTime,
          collectResultValue: evaluation.collectResultValue,
          userId: source.userId,
          rootDecisionInstanceId: isRoot ? null : rootId,
          decisionRequirementsDefinitionId: definition.decisionRequirementsDefinitionId,
          decisionRequirementsDefinitionKey: definition.decisionRequirementsDefinitionKey,
          tenantId: definition.tenantId,
        }),
      );
      const common = {
        decisionInstanceId: id,
        tenantId: definition.tenantId,
        createTime: now,
        rootProcessInstanceId: source.rootProcessInstanceId ?? null,
        removalTime,
      };
      for (const input of evaluation.inputs) {
        inputs.push(
          Object.assign(new HistoricDecisionInputEntity(), {
            id: newId(),
            clauseId: input.clauseId,
            clauseName: input.clauseName,
            ...common,
            ...toColumns(input.value),
          }),
        );
      }
      for (const output of evaluation.outputs) {
        outputs.push(
          Object.assign(new HistoricDecisionOutputEntity(), {
            id: newId(),
            clauseId: output.clauseId,
            clauseName: output.clauseName,
            ruleId: output.ruleId,
            ruleOrder: output.ruleOrder,
            variableName: output.variableName,
            ...common,
            ...toColumns(output.value),
          }),
        );
      }
    });
    // Instances, then inputs, then outputs: the unit of work inserts per table in the order tables first appear.
    for (const row of instances) this.ctx.uow.insert(HistoricDecisionInstanceEntity, row);
    for (const row of inputs) this.ctx.uow.insert(HistoricDecisionInputEntity, row);
    for (const row of outputs) this.ctx.uow.insert(HistoricDecisionOutputEntity, row);
  }

  /** The history of decision definitions that go (a deployment deleted with cascade). */
  removeOfDefinitions(decisionDefinitionIds: string[]): void {
    if (!decisionDefinitionIds.length) return;
    this.ctx.uow.statement(async (em) => {
      const ids = await this.instanceIds(em, { decisionDefinitionId: In(decisionDefinitionIds) });
      await run(em, (batch) => {
        for (const part of idChunks(ids)) batch.addAll(deleteInstances(em, part));
      });
    });
  }

  /** The decisions evaluated by the process instances of the scope go with their history. */
  removeOfProcesses(scope: ProcessHistoryScope): void {
    if (!scopeIds(scope).length) return;
    this.ctx.uow.statement(async (em) => {
      const decisions = await this.instanceIds(em, scopeWhere(scope));
      if (!decisions.length) return;
      await run(em, (batch) => {
        for (const part of idChunks(decisions)) batch.addAll(deleteInstances(em, part));
      });
    });
  }

  /** The decisions evaluated by the process instances of the scope take the removal time of their history. */
  setRemovalTimeOfProcesses(scope: ProcessHistoryScope, removalTime: Date | null): void {
    if (!scopeIds(scope).length) return;
    this.ctx.uow.statement(async (em) => {
      const decisions = await this.instanceIds(em, scopeWhere(scope));
      if (!decisions.length) return;
      await run(em, (batch) => {
        for (const part of idChunks(decisions))
          batch.addAll([
            updateWhereStatement(em, HistoricDecisionInstanceEntity, { removalTime }, { id: part }),
            updateWhereStatement(em, HistoricDecisionInputEntity, { removalTime }, { decisionInstanceId: part }),
            updateWhereStatement(em, HistoricDecisionOutputEntity, { removalTime }, { decisionInstanceId: part }),
          ]);
      });
    });
  }

  /** Rows of one of the decision tables, by id (the history cleanup: rows past their removal time). */
  removeRows(
    table:
      typeof HistoricDecisionInstanceEntity | typeof HistoricDecisionInputEntity | typeof HistoricDecisionOutputEntity,
    ids: string[],
  ): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(ids).map((part) => deleteWhereStatement<{ id: string }>(em, table, { id: part })),
    );
  }

  private async instanceIds(
    em: EntityManager,
    where: FindOptionsWhere<HistoricDecisionInstanceEntity>,
  ): Promise<string[]> {
    const rows = await em.getRepository(HistoricDecisionInstanceEntity).find({ select: { id: true }, where });
    return rows.map((d) => d.id);
  }

  /** Historic decision instances by id, with their inputs and outputs (one already gone is left alone). */
  removeInstances(ids: string[]): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) => idChunks(ids).flatMap((part) => deleteInstances(em, part)));
  }

  /**
   * The removal time of a decision instance, with its inputs and outputs; `hierarchical`: also of the instances
   * evaluated with it (same root decision instance), all taking the root's.
   */
  setRemovalTimeOfInstance(
    instance: HistoricDecisionInstanceEntity,
    removalTime: Date | null,
    hierarchical: boolean,
  ): void {
    const root = instance.rootDecisionInstanceId ?? instance.id;
    this.ctx.uow.statement(async (em) => {
      const ids = hierarchical
        ? (
            await em
              .getRepository(HistoricDecisionInstanceEntity)
              .createQueryBuilder('d')
              .select('d.id', 'id')
              .where('d.id = :root OR d.rootDecisionInstanceId = :root', { root })
              .getRawMany<{ id: string }>()
          ).map((r) => r.id)
        : [instance.id];
      await run(em, (batch) => {
        for (const part of idChunks(ids))
          batch.addAll([
            updateWhereStatement(em, HistoricDecisionInstanceEntity, { removalTime }, { id: part }),
            updateWhereStatement(em, HistoricDecisionInputEntity, { removalTime }, { decisionInstanceId: part }),
            updateWhereStatement(em, HistoricDecisionOutputEntity, { removalTime }, { decisionInstanceId: part }),
          ]);
      });
    });
  }
}

/** A decision instance's inputs and outputs, then the instance. */
function deleteInstances(em: EntityManager, ids: string[]): SqlStatement[] {
  return [
    deleteWhereStatement(em, HistoricDecisionInputEntity, { decisionInstanceId: ids }),
    deleteWhereStatement(em, HistoricDecisionOutputEntity, { decisionInstanceId: ids }),
    deleteWhereStatement(em, HistoricDecisionInstanceEntity, { id: ids }),
  ];
}

/** Statements that follow a read in a unit of work's statement: sent together (one round trip on MySQL). */
async function run(em: EntityManager, add: (batch: WriteBatch) => void): Promise<void> {
  const batch = new WriteBatch(em);
  add(batch);
  await batch.run();
}
