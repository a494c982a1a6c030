import type { DelegateRegistry } from '../options';
import { EntityManager, IsNull } from 'typeorm';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { PropertyEntity } from '../../persistence/entities/property.entity';
import { ResourceEntity } from '../../persistence/entities/repository/resource.entity';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { ProcessGraph } from '../bpmn/model/process-graph';
import { CommandContext } from '../command/command-context';
import { TenantCheck } from '../authorization/tenant-check';
import { CommandExecutor } from '../command/command-executor';
import { Transactions } from '../command/transactions';
import { DmnModel } from '../dmn/dmn-parser';
import { BadUserRequestError, NotFoundError } from '../errors';
import { deploy, DeploymentRequest, DeploymentResult } from './deployer';
import { DeploymentManager } from './deployment.manager';
import { DefinitionFiles, DeploymentCache } from './deployment-cache';
import { parseResources } from './parse-resources';
import { selectRows } from '../../persistence/raw-rows';
import { OPERATION_CATEGORY, PropertyChange } from '../command/user-operation';
import { HistoryLogManager } from '../history/history-log.manager';

export type DefinitionKind = 'process' | 'decision' | 'drd';
type AnyDefinition = ProcessDefinitionEntity | DecisionDefinitionEntity | DecisionRequirementsDefinitionEntity;

export type { DefinitionFiles } from './deployment-cache';

const TABLES = {
  process: ProcessDefinitionEntity,
  decision: DecisionDefinitionEntity,
  drd: DecisionRequirementsDefinitionEntity,
} as const;

const RESOURCE_OF = {
  process: Resources.PROCESS_DEFINITION,
  decision: Resources.DECISION_DEFINITION,
  drd: Resources.DECISION_REQUIREMENTS_DEFINITION,
} as const;

/** Work that other engine parts must do when definitions disappear (runtime data, history), in the deleting command. */
export type DeploymentDeletionHook = (
  ctx: CommandContext,
  ids: { deploymentId: string; processDefinitionIds: string[]; decisionDefinitionIds: string[] },
  cascade: boolean,
) => Promise<void>;

/** A process definition a deployment just created, with its parsed graph. */
export interface DeployedProcess {
  definition: ProcessDefinitionEntity;
  graph: ProcessGraph;
}

/** Work other engine parts do in the deployment's transaction (start event subscriptions, start timers). */
export type DeploymentHook = (ctx: CommandContext, deployed: DeployedProcess[]) => Promise<void>;

export interface RedeployRequest {
  resourceIds?: string[] | null;
  resourceNames?: string[] | null;
  source?: string | null;
}

/** Deployments and the definitions they hold: deploy, redeploy, delete, look up, and parsed models. */
export class RepositoryService {
  /** Every definition lookup of the engine goes through this one cache. */
  readonly cache: DeploymentCache;
  private readonly tx: Transactions;
  private readonly deletionHooks: DeploymentDeletionHook[] = [];
  private readonly deploymentHooks: DeploymentHook[] = [];

  constructor(
    private readonly executor: CommandExecutor,
    private readonly checker: AuthorizationChecker,
    private readonly clock: () => Date = () => new Date(),
    /** false: deployments with scripts are refused (SCRIPTS_ENABLED=false). */
    private readonly scriptsEnabled = true,
    /** Host code models may call (embedded engines); null: models naming code are refused. */
    private readonly delegates: DelegateRegistry | null = null,
    /** Definitions of tenants the caller does not belong to are not found (Camunda's tenant-checked queries). */
    private readonly tenantCheck: TenantCheck | null = null,
  ) {
    this.tx = executor.tx;
    this.cache = new DeploymentCache(delegates);
  }

  onDeploymentDeletion(hook: DeploymentDeletionHook): void {
    this.deletionHooks.push(hook);
  }

  onDeployment(hook: DeploymentHook): void {
    this.deploymentHooks.push(hook);
  }

  async deploy(auth: Authentication | null, req: DeploymentRequest): Promise<DeploymentResult> {
    const parsed = await parseResources(req.resources, this.scriptsEnabled, this.delegates);
    return this.executor.execute(auth, {
      execute: async (ctx) => {
        const em = ctx.em;
        await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.DEPLOYMENT }], true);
        await this.lockDeployments(em);
        const deployed = await deploy(ctx, req, parsed, this.clock());
        if (this.deploymentHooks.length && deployed.processDefinitions) {
          const processes = deployed.processDefinitions.map((definition) => ({
            definition,
            graph: parsed.bpmn.get(definition.resourceName ?? '')!.processes.find((p) => p.key === definition.key)!,
          }));
          for (const hook of this.deploymentHooks) await hook(ctx, processes);
        }
        const changes: PropertyChange[] = [
          { property: 'duplicateFilterEnabled', newValue: req.enableDuplicateFiltering },
        ];
        if (req.enableDuplicateFiltering)
          changes.push({ property: 'deployChangedOnly', newValue: req.deployChangedOnly });
        ctx.manager(HistoryLogManager).userOperation({
          operationType: 'Create',
          entityType: 'Deployment',
          category: OPERATION_CATEGORY.operator,
          deploymentId: deployed.deployment.id,
          tenantId: deployed.deployment.tenantId,
          changes,
        });
        return deployed;
      },
    });
  }

  async redeploy(auth: Authentication | null, deploymentId: string, req: RedeployRequest): Promise<DeploymentResult> {
    const { deployment, resources } = await this.tx.read(async (em) => {
      const found = await em.getRepository(DeploymentEntity).findOneBy({ id: deploymentId });
      if (!found) throw new NotFoundError(`The following deployments are not found by id: ${deploymentId}`);
      this.tenantCheck?.check(auth, found.tenantId, `get the deployment '${deploymentId}'`);
      return { deployment: found, resources: await em.getRepository(ResourceEntity).findBy({ deploymentId }) };
    });
    let selected = resources;
    if (req.resourceIds?.length || req.resourceNames?.length) {
      const missingIds = (req.resourceIds ?? []).filter((id) => !resources.some((r) => r.id === id));
      if (missingIds.length)
        throw new NotFoundError(
          `The deployment with id '${deploymentId}' does not contain the following resources with id: ${missingIds.join(', ')}`,
        );
      const missingNames = (req.resourceNames ?? []).filter((n) => !resources.some((r) => r.name === n));
      if (missingNames.length)
        throw new NotFoundError(
          `The deployment with id '${deploymentId}' does not contain the following resources with name: ${missingNames.join(', ')}`,
        );
      selected = resources.filter(
        (r) => req.resourceIds?.includes(r.id) || (r.name != null && req.resourceNames?.includes(r.name)),
      );
    }
    return this.deploy(auth, {
      name: deployment.name,
      source: req.source ?? null,
      tenantId: deployment.tenantId,
      enableDuplicateFiltering: false,
      deployChangedOnly: false,
      activationTime: null,
      resources: selected.map((r) => ({ name: r.name ?? r.id, bytes: Buffer.from(r.bytes ?? []) })),
    });
  }

  async deleteDeployment(auth: Authentication | null, deploymentId: string, cascade: boolean): Promise<void> {
    await this.executor.execute(auth, {
      execute: async (ctx) => {
        const em = ctx.em;
        const deployment = await em.getRepository(DeploymentEntity).findOneBy({ id: deploymentId });
        // Camunda's REST looks the deployment up by a tenant-checked query first: another tenant's is not there.
        if (!deployment || !ctx.isAuthenticatedTenant(deployment.tenantId))
          throw new NotFoundError(`Deployment with id '${deploymentId}' do not exist`);
        await ctx.checkPermissions(
          [{ permission: 'DELETE', resource: Resources.DEPLOYMENT, resourceId: deploymentId }],
          true,
        );
        const processDefinitionIds = (await em.getRepository(ProcessDefinitionEntity).findBy({ deploymentId })).map(
          (d) => d.id,
        );
        const decisionDefinitionIds = (await em.getRepository(DecisionDefinitionEntity).findBy({ deploymentId })).map(
          (d) => d.id,
        );
        for (const hook of this.deletionHooks)
          await hook(ctx, { deploymentId, processDefinitionIds, decisionDefinitionIds }, cascade);
        ctx.manager(HistoryLogManager).userOperation({
          operationType: 'Delete',
          entityType: 'Deployment',
          category: OPERATION_CATEGORY.operator,
          deploymentId,
          changes: [{ property: 'cascade', newValue: cascade }],
        });
        ctx
          .manager(DeploymentManager)
          .delete(deploymentId, [...processDefinitionIds, ...decisionDefinitionIds], this.cache);
      },
    });
  }

  async getDeployment(auth: Authentication | null, id: string): Promise<DeploymentEntity | null> {
    return this.tx.read(async (em) => {
      const found = await em.getRepository(DeploymentEntity).findOneBy({ id });
      // As Camunda's tenant-checked deployment query: another tenant's deployment is not there.
      if (!this.visible(auth, found)) return null;
      if (found)
        await this.checker.check(em, auth, [{ permission: 'READ', resource: Resources.DEPLOYMENT, resourceId: id }]);
      return found;
    });
  }

  async getResources(auth: Authentication | null, deploymentId: string): Promise<ResourceEntity[]> {
    return this.tx.read(async (em) => {
      if (this.tenantCheck?.authenticatedTenants(auth)) {
        const deployment = await em.getRepository(DeploymentEntity).findOneBy({ id: deploymentId });
        this.tenantCheck.check(auth, deployment?.tenantId, `get the deployment '${deploymentId}'`);
      }
      await this.checker.check(em, auth, [
        { permission: 'READ', resource: Resources.DEPLOYMENT, resourceId: deploymentId },
      ]);
      return em.getRepository(ResourceEntity).find({ where: { deploymentId }, order: { name: 'ASC' } });
    });
  }

  // ---- definitions

  async definitionById<K extends DefinitionKind>(
    auth: Authentication | null,
    kind: K,
    id: string,
  ): Promise<InstanceType<(typeof TABLES)[K]> | null> {
    return this.tx.read(async (em) => {
      const found = (await em
        .getRepository(TABLES[kind] as typeof ProcessDefinitionEntity)
        .findOneBy({ id })) as AnyDefinition | null;
      if (!this.visible(auth, found)) return null;
      if (found) await this.checkRead(em, auth, kind, found.key);
      return found as InstanceType<(typeof TABLES)[K]> | null;
    });
  }

  /** The latest version of a key: without tenant, or of the given tenant. */
  async latestByKey<K extends DefinitionKind>(
    auth: Authentication | null,
    kind: K,
    key: string,
    tenantId: string | null,
  ): Promise<InstanceType<(typeof TABLES)[K]> | null> {
    return this.tx.read(async (em) => {
      const found = await this.latest(em, kind, key, tenantId);
      if (!this.visible(auth, found)) return null;
      if (found) await this.checkRead(em, auth, kind, found.key);
      return found as InstanceType<(typeof TABLES)[K]> | null;
    });
  }

  /** On the hot path of every evaluate and start by key: one indexed, prepared-shape query. */
  async latest(
    em: EntityManager,
    kind: DefinitionKind,
    key: string,
    tenantId: string | null,
  ): Promise<AnyDefinition | null> {
    const tenant = tenantId == null ? 't.tenant_id IS NULL' : 't.tenant_id = ?';
    const params = tenantId == null ? [key] : [key, tenantId];
    const [found] = await selectRows(
      em,
      TABLES[kind] as typeof ProcessDefinitionEntity,
      `WHERE t.\`key\` = ? AND ${tenant} ORDER BY t.version DESC LIMIT 1`,
      params,
    );
    return found ?? null;
  }

  /** The bytes of a definition's own resource (its XML). */
  async resourceBytes(definition: DefinitionFiles): Promise<Buffer> {
    return this.namedResource(definition.deploymentId, definition.resourceName);
  }

  /** The diagram image of a definition, or null when it has none. */
  async diagram(definition: DefinitionFiles): Promise<{ name: string; bytes: Buffer } | null> {
    if (!definition.diagramResourceName) return null;
    return {
      name: definition.diagramResourceName,
      bytes: await this.namedResource(definition.deploymentId, definition.diagramResourceName),
    };
  }

  async updateDecisionHistoryTimeToLive(
    auth: Authentication | null,
    definition: DecisionDefinitionEntity,
    ttl: number | null,
    enforce: boolean,
  ): Promise<void> {
    checkHistoryTimeToLive(ttl, enforce);
    await this.executor.execute(auth, {
      execute: async (ctx) => {
        ctx.checkTenant(definition.tenantId, `update the decision definition '${definition.id}'`);
        await ctx.checkPermissions([
          { permission: 'UPDATE', resource: Resources.DECISION_DEFINITION, resourceId: definition.key },
        ]);
        const [stored] = await selectRows(ctx.em, DecisionDefinitionEntity, 'WHERE t.id = ?', [definition.id]);
        if (!stored) throw new NotFoundError(`No matching decision definition with id ${definition.id}`);
        ctx.manager(DeploymentManager).setDecisionHistoryTimeToLive(stored, ttl);
      },
    });
  }

  /**
   * repositoryService.updateProcessDefinitionHistoryTimeToLive: null or whole days >= 0; needs UPDATE on the
   * definition; logged with the old and the new value.
   */
  async updateProcessHistoryTimeToLive(
    auth: Authentication | null,
    definitionId: string,
    ttl: number | null,
    enforce: boolean,
  ): Promise<void> {
    checkHistoryTimeToLive(ttl, enforce);
    await this.executor.execute(auth, {
      execute: async (ctx) => {
        const [stored] = await selectRows(ctx.em, ProcessDefinitionEntity, 'WHERE t.id = ?', [definitionId]);
        if (!stored) throw new NotFoundError(`No matching definition with id ${definitionId}`);
        ctx.checkTenant(stored.tenantId, `update the process definition '${definitionId}'`);
        await ctx.checkPermissions([
          { permission: 'UPDATE', resource: Resources.PROCESS_DEFINITION, resourceId: stored.key },
        ]);
        ctx.manager(HistoryLogManager).userOperation({
          operationType: 'UpdateHistoryTimeToLive',
          entityType: 'ProcessDefinition',
          category: OPERATION_CATEGORY.operator,
          processDefinitionId: stored.id,
          processDefinitionKey: stored.key,
          changes: [{ property: 'historyTimeToLive', orgValue: stored.historyTimeToLive ?? null, newValue: ttl }],
        });
        ctx.manager(DeploymentManager).setProcessHistoryTimeToLive(stored, ttl, this.cache);
      },
    });
  }

  /**
   * repositoryService.deleteProcessDefinition / deleteProcessDefinitions().byKey(): the definitions (their deployment
   * stays) with, given `cascade`, their instances and history; without it, running instances refuse the deletion.
   * Needs DELETE on each; the start events of the version that becomes the latest are subscribed again.
   */
  async deleteProcessDefinitions(
    auth: Authentication | null,
    selection: { id: string } | { key: string; tenantId: string | null },
    cascade: boolean,
  ): Promise<void> {
    await this.executor.execute(auth, {
      execute: async (ctx) => {
        const repo = ctx.em.getRepository(ProcessDefinitionEntity);
        let definitions: ProcessDefinitionEntity[];
        if ('id' in selection) {
          const found = await repo.findOneBy({ id: selection.id });
          if (!found)
            throw new NotFoundError(`No process definition found with id '${selection.id}': processDefinition is null`);
          definitions = [found];
        } else {
          definitions = await repo.findBy({ key: selection.key, tenantId: selection.tenantId ?? IsNull() });
          if (!definitions.length)
            throw new NotFoundError(
              selection.tenantId == null
                ? `No process definition found with key '${selection.key}': processDefinitionIds is empty`
                : `No process definition found with key '${selection.key}' and tenant-id '${selection.tenantId}': processDefinitionIds is empty`,
            );
        }
        for (const key of new Set(definitions.map((d) => d.key)))
          await ctx.checkPermissions([
            { permission: 'DELETE', resource: Resources.PROCESS_DEFINITION, resourceId: key },
          ]);
        const processDefinitionIds = definitions.map((d) => d.id);
        for (const hook of this.deletionHooks)
          await hook(
            ctx,
            { deploymentId: definitions[0].deploymentId ?? '', processDefinitionIds, decisionDefinitionIds: [] },
            cascade,
          );
        for (const d of definitions)
          ctx.manager(HistoryLogManager).userOperation({
            operationType: 'Delete',
            entityType: 'ProcessDefinition',
            category: OPERATION_CATEGORY.operator,
            processDefinitionId: d.id,
            processDefinitionKey: d.key,
            changes: [{ property: 'cascade', orgValue: false, newValue: cascade }],
          });
        ctx.manager(DeploymentManager).deleteProcessDefinitions(processDefinitionIds, this.cache);
      },
    });
  }

  // ---- parsed models, cached per definition id

  // Reads join the caller's transaction when there is one (Transactions keeps the scope).
  processGraph(definition: ProcessDefinitionEntity): Promise<ProcessGraph> {
    return this.tx.read((em) => this.cache.processGraph(em, definition));
  }

  dmnModel(definition: DecisionDefinitionEntity): Promise<DmnModel> {
    return this.tx.read((em) => this.cache.dmnModel(em, definition));
  }

  private namedResource(deploymentId: string | null, name: string | null): Promise<Buffer> {
    return this.tx.read((em) => this.cache.namedResource(em, deploymentId, name));
  }

  private visible(auth: Authentication | null, definition: { tenantId: string | null } | null): boolean {
    return !definition || !this.tenantCheck || this.tenantCheck.isAuthenticatedTenant(auth, definition.tenantId);
  }

  private async checkRead(
    em: EntityManager,
    auth: Authentication | null,
    kind: DefinitionKind,
    key: string,
  ): Promise<void> {
    await this.checker.check(em, auth, [{ permission: 'READ', resource: RESOURCE_OF[kind], resourceId: key }]);
  }

  /** Serialises deployments across engine instances (versions must not collide): a row lock on MySQL. */
  private async lockDeployments(em: EntityManager): Promise<void> {
    if (this.tx.serial) return;
    await em
      .getRepository(PropertyEntity)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.name = :n', { n: 'deployment.lock' })
      .getOne();
  }
}

/** Camunda's checks of a new history time to live (the same for process and decision definitions). */
function checkHistoryTimeToLive(ttl: number | null, enforce: boolean): void {
  if (ttl == null && enforce) throw new BadUserRequestError('Null historyTimeToLive values are not allowed');
  if (ttl != null && (!Number.isInteger(ttl) || ttl < 0))
    throw new BadUserRequestError('historyTimeToLive is not greater than or equal to 0');
}
