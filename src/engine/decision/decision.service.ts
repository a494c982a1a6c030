import { EntityManager, In } from 'typeorm';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { EngineMetrics, NO_METRICS } from '../metrics';
import { HistoryLevel } from '../options';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { DecisionResult, evaluateDecision } from '../dmn/decision-evaluator';
import { DecisionEvaluationSource, DecisionHistoryManager } from '../history/decision-history.manager';
import { RepositoryService } from '../repository/repository.service';
import { VariableMap } from '../variables/typed-value';

/** Evaluates deployed decisions and records their history (history level full). */
export class DecisionService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly checker: AuthorizationChecker,
    private readonly repository: RepositoryService,
    private readonly historyLevel: HistoryLevel,
    private readonly metrics: EngineMetrics = NO_METRICS,
  ) {
    repository.onDeploymentDeletion(async (ctx, { decisionDefinitionIds }, cascade) => {
      if (cascade) ctx.manager(DecisionHistoryManager).removeOfDefinitions(decisionDefinitionIds);
    });
  }

  /** Standalone evaluation (REST): needs CREATE_INSTANCE on the decision definition. */
  async evaluate(
    auth: Authentication | null,
    definition: DecisionDefinitionEntity,
    variables: VariableMap,
  ): Promise<DecisionResult> {
    const result = await this.run(auth, async (ctx) => {
      ctx.checkTenant(definition.tenantId, `evaluate the decision '${definition.id}'`);
      await this.checkEvaluate(ctx.em, auth, definition.key);
      return this.evaluateIn(ctx, definition, variables, { userId: auth?.userId ?? null });
    });
    this.counted(result);
    return result;
  }

  /**
   * The latest version of a key (without tenant, or of the tenant), looked up in the evaluation's own unit of work,
   * with READ checked as for a definition query, then CREATE_INSTANCE; null when no version is deployed.
   */
  async evaluateLatest(
    auth: Authentication | null,
    key: string,
    tenantId: string | null,
    variables: VariableMap,
  ): Promise<{ definition: DecisionDefinitionEntity; result: DecisionResult } | null> {
    const evaluated = await this.run(auth, async (ctx) => {
      const em = ctx.em;
      const definition = (await this.repository.latest(
        em,
        'decision',
        key,
        tenantId,
      )) as DecisionDefinitionEntity | null;
      // As a tenant-checked definition query: another tenant's definition is not there for the caller.
      if (!definition || !ctx.isAuthenticatedTenant(definition.tenantId)) return null;
      await this.checker.check(em, auth, [
        { permission: 'READ', resource: Resources.DECISION_DEFINITION, resourceId: definition.key },
      ]);
      await this.checkEvaluate(em, auth, definition.key);
      return {
        definition,
        result: await this.evaluateIn(ctx, definition, variables, { userId: auth?.userId ?? null }),
      };
    });
    if (evaluated) this.counted(evaluated.result);
    return evaluated;
  }

  private checkEvaluate(em: EntityManager, auth: Authentication | null, key: string): Promise<void> {
    return this.checker.check(em, auth, [
      { permission: 'CREATE_INSTANCE', resource: Resources.DECISION_DEFINITION, resourceId: key },
    ]);
  }

  /** Without decision history nothing is written: read-only, no transaction (two round trips fewer on MySQL). */
  private run<T>(auth: Authentication | null, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
    const command = { execute: (ctx: CommandContext) => work(ctx) };
    return this.historyLevel === 'full' ? this.commands.execute(auth, command) : this.commands.read(auth, command);
  }

  /** A command of its own (REST never nests it): once it returns, its history is committed. */
  private counted(result: DecisionResult): void {
    this.metrics.decisionsEvaluated(result.evaluations.length);
  }

  /** Evaluation inside the caller's command (also used by business rule tasks); its history is written at flush. */
  async evaluateIn(
    ctx: CommandContext,
    definition: DecisionDefinitionEntity,
    variables: VariableMap,
    source: DecisionEvaluationSource,
  ): Promise<DecisionResult> {
    const model = await this.repository.dmnModel(definition);
    const result = evaluateDecision(model, definition.key, variables);
    if (this.historyLevel === 'full') {
      const definitions = await this.definitionsOf(ctx.em, definition, result);
      ctx.manager(DecisionHistoryManager).evaluated(result.evaluations, definitions, source);
    }
    return result;
  }

  /** The definitions of every evaluated decision: the evaluated one plus required ones from its deployment. */
  private async definitionsOf(
    em: EntityManager,
    definition: DecisionDefinitionEntity,
    result: DecisionResult,
  ): Promise<Map<string, DecisionDefinitionEntity>> {
    const map = new Map([[definition.key, definition]]);
    const others = [...new Set(result.evaluations.map((e) => e.decisionKey))].filter((k) => k !== definition.key);
    if (others.length) {
      const found = await em
        .getRepository(DecisionDefinitionEntity)
        .findBy({ deploymentId: definition.deploymentId ?? '', key: In(others) });
      for (const d of found) map.set(d.key, d);
    }
    return map;
  }
}
