import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ResourceEntity } from '../../persistence/entities/repository/resource.entity';
import { deleteWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import type { DeploymentCache } from './deployment-cache';

/** The rows one deployment writes: the deployment, its resources and the definitions parsed from them. */
export interface DeploymentRows {
  deployment: DeploymentEntity;
  resources: ResourceEntity[];
  processDefinitions: ProcessDefinitionEntity[];
  decisionRequirementsDefinitions: DecisionRequirementsDefinitionEntity[];
  decisionDefinitions: DecisionDefinitionEntity[];
}

const DEFINITION_TABLES = [ProcessDefinitionEntity, DecisionDefinitionEntity, DecisionRequirementsDefinitionEntity];

/**
 * The one place that writes deployments, their resources and definitions (Camunda's DeploymentManager with the
 * definition managers), through the command's unit of work: a deployment is written in the command's flush, in one
 * multi-row insert per table; deleting one evicts its definitions from the deployment cache.
 */
export class DeploymentManager {
  constructor(private readonly ctx: CommandContext) {}

  insert(rows: DeploymentRows): void {
    const uow = this.ctx.uow;
    uow.insert(DeploymentEntity, rows.deployment);
    for (const r of rows.resources) uow.insert(ResourceEntity, r);
    for (const d of rows.processDefinitions) uow.insert(ProcessDefinitionEntity, d);
    for (const d of rows.decisionRequirementsDefinitions) uow.insert(DecisionRequirementsDefinitionEntity, d);
    for (const d of rows.decisionDefinitions) uow.insert(DecisionDefinitionEntity, d);
  }

  /**
   * The deployment with its resources and definitions (what ran or was recorded for them goes elsewhere first). Their
   * parsed models leave the cache now, so that this command's own lookups miss, and again once committed, so that a
   * lookup that ran meanwhile in another request does not leave a definition behind.
   */
  delete(deploymentId: string, definitionIds: string[], cache: DeploymentCache): void {
    cache.evict(definitionIds);
    this.ctx.afterCommit(() => cache.evict(definitionIds));
    this.ctx.uow.sql((em) => [
      ...DEFINITION_TABLES.map((table) => deleteWhereStatement(em, table, { deploymentId })),
      deleteWhereStatement(em, ResourceEntity, { deploymentId }),
      deleteWhereStatement(em, DeploymentEntity, { id: deploymentId }),
    ]);
  }

  /**
   * Suspends (2) or activates (1) process definitions. Activating also ends a suspension until a deployment's
   * activation time: the definition is active from now on.
   */
  setProcessDefinitionSuspension(definitions: ProcessDefinitionEntity[], suspensionState: number): void {
    for (const definition of definitions) {
      const row = this.ctx.uow.track(ProcessDefinitionEntity, definition);
      row.suspensionState = suspensionState;
      if (suspensionState === 1) row.activationTime = null;
    }
  }

  /** The cached row would keep ending instances with the old value: it is read again once this commits. */
  setProcessHistoryTimeToLive(definition: ProcessDefinitionEntity, ttl: number | null, cache: DeploymentCache): void {
    this.ctx.uow.track(ProcessDefinitionEntity, definition).historyTimeToLive = ttl;
    cache.refresh(definition.id);
    this.ctx.afterCommit(() => cache.refresh(definition.id));
  }

  setDecisionHistoryTimeToLive(definition: DecisionDefinitionEntity, ttl: number | null): void {
    this.ctx.uow.track(DecisionDefinitionEntity, definition).historyTimeToLive = ttl;
  }
}
