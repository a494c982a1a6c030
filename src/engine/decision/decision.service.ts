import { EntityManager, In } from 'typeorm';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { EngineMetrics, NO_METRICS } from '../metrics';
import { HistoryLevel } from '../options';
import { Authentication } from '../authorization/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { CommandExecutor } from '../command/command-executor';
import { DecisionResult, evaluateDecision } from '../dmn/decision-evaluator';
import { DecisionEvaluationSource, writeDecisionHistory } from '../history/decision-history-writer';
import { RepositoryService } from '../repository/repository.service';
import { VariableMap } from '../variables/typed-value';

/** Evaluates deployed decisions and records their history (history level full). */
export class DecisionService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly checker: AuthorizationChecker,
    private readonly repository: RepositoryService,
    private readonly historyLevel: HistoryLevel,
    private readonly clock: () => Date = () => new Date(),
    private readonly metrics: EngineMetrics = NO_METRICS,
  ) {
    repository.onDeploymentDeletion(async ({ em }, { decisionDefinitionIds }, cascade) => {
      if (cascade && decisionDefinitionIds.length) await this.deleteHistory(em, decisionDefinitionIds);
    });
  }

  /** Standalone evaluation (REST): needs CREATE_INSTANCE on the decision definition. */
  async evaluate(auth: Authentication | null, definition: DecisionDefinitionEntity, variables: VariableMap): Promise<DecisionResult> {
    // Without decision history nothing is written: read-only, no transaction (two round trips fewer on MySQL).
    const command = {
      execute: async ({ em }: { em: EntityManager }) => {
        await this.checker.check(em, auth, [{ permission: 'CREATE_INSTANCE', resource: Resources.DECISION_DEFINITION, resourceId: definition.key }]);
        return this.evaluateIn(em, definition, variables, { userId: auth?.userId ?? null });
      },
    };
    const result = await (this.historyLevel === 'full' ? this.commands.execute(auth, command) : this.commands.read(auth, command));
    // A command of its own (REST never nests it): once it returns, its history is committed.
    this.metrics.decisionsEvaluated(result.evaluations.length);
    return result;
  }

  /** Evaluation inside the caller's transaction (also used by business rule tasks). */
  async evaluateIn(em: EntityManager, definition: DecisionDefinitionEntity, variables: VariableMap, source: DecisionEvaluationSource): Promise<DecisionResult> {
    const model = await this.repository.dmnModel(definition);
    const result = evaluateDecision(model, definition.key, variables);
    if (this.historyLevel === 'full') {
      const definitions = await this.definitionsOf(em, definition, result);
      await writeDecisionHistory(em, result.evaluations, definitions, source, this.clock());
    }
    return result;
  }

  /** The definitions of every evaluated decision: the evaluated one plus required ones from its deployment. */
  private async definitionsOf(em: EntityManager, definition: DecisionDefinitionEntity, result: DecisionResult): Promise<Map<string, DecisionDefinitionEntity>> {
    const map = new Map([[definition.key, definition]]);
    const others = [...new Set(result.evaluations.map((e) => e.decisionKey))].filter((k) => k !== definition.key);
    if (others.length) {
      const found = await em.getRepository(DecisionDefinitionEntity).findBy({ deploymentId: definition.deploymentId ?? '', key: In(others) });
      for (const d of found) map.set(d.key, d);
    }
    return map;
  }

  private async deleteHistory(em: EntityManager, decisionDefinitionIds: string[]): Promise<void> {
    const ids = (
      await em.getRepository(HistoricDecisionInstanceEntity).find({ select: { id: true }, where: { decisionDefinitionId: In(decisionDefinitionIds) } })
    ).map((i) => i.id);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await em.getRepository(HistoricDecisionInputEntity).delete({ decisionInstanceId: In(chunk) });
      await em.getRepository(HistoricDecisionOutputEntity).delete({ decisionInstanceId: In(chunk) });
      await em.getRepository(HistoricDecisionInstanceEntity).delete({ id: In(chunk) });
    }
  }
}
