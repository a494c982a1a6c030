import { EntityManager } from 'typeorm';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { DecisionEvaluation } from '../dmn/decision-evaluator';
import { newId } from '../util/ids';
import { insertStatements } from '../../persistence/raw-rows';
import { WriteBatch } from '../../persistence/write-batch';
import { toColumns } from '../variables/variable-columns';

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
 * Writes one historic decision instance per evaluated decision (required decisions first, the
 * evaluated decision last), each with its inputs and outputs, in three bulk inserts.
 */
export async function writeDecisionHistory(
  em: EntityManager,
  evaluations: DecisionEvaluation[],
  definitions: Map<string, DecisionDefinitionEntity>,
  source: DecisionEvaluationSource,
  now: Date,
): Promise<string[]> {
  const instances: HistoricDecisionInstanceEntity[] = [];
  const inputs: Partial<HistoricDecisionInputEntity>[] = [];
  const outputs: Partial<HistoricDecisionOutputEntity>[] = [];
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
      inputs.push({
        id: newId(),
        clauseId: input.clauseId,
        clauseName: input.clauseName,
        ...common,
        ...toColumns(input.value),
      });
    }
    for (const output of evaluation.outputs) {
      outputs.push({
        id: newId(),
        clauseId: output.clauseId,
        clauseName: output.clauseName,
        ruleId: output.ruleId,
        ruleOrder: output.ruleOrder,
        variableName: output.variableName,
        ...common,
        ...toColumns(output.value),
      });
    }
  });
  const batch = new WriteBatch(em);
  batch.addAll(insertStatements(em, HistoricDecisionInstanceEntity, instances));
  batch.addAll(insertStatements(em, HistoricDecisionInputEntity, inputs));
  batch.addAll(insertStatements(em, HistoricDecisionOutputEntity, outputs));
  await batch.run();
  return instances.map((i) => i.id);
}
