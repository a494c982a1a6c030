import { EntityManager } from 'typeorm';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ResourceEntity } from '../../persistence/entities/repository/resource.entity';
import { BadUserRequestError } from '../errors';
import { newId } from '../util/ids';
import { CommandContext } from '../command/command-context';
import { DeploymentManager } from './deployment.manager';
import { JobDefinitionManager } from '../entities/job-definition.manager';
import { jobDefinitionsOf } from './job-declarations';
import { ParsedResources, DeploymentResourceInput } from './parse-resources';
import { findDiagram } from './resource-kinds';

export interface DeploymentRequest {
  name: string | null;
  source: string | null;
  tenantId: string | null;
  enableDuplicateFiltering: boolean;
  deployChangedOnly: boolean;
  activationTime: Date | null;
  resources: DeploymentResourceInput[];
}

export interface DeploymentResult {
  deployment: DeploymentEntity;
  /** null (not empty) when nothing of that kind was deployed, as Camunda answers. */
  processDefinitions: ProcessDefinitionEntity[] | null;
  decisionDefinitions: DecisionDefinitionEntity[] | null;
  decisionRequirementsDefinitions: DecisionRequirementsDefinitionEntity[] | null;
}

type DefinitionTable =
  typeof ProcessDefinitionEntity | typeof DecisionDefinitionEntity | typeof DecisionRequirementsDefinitionEntity;

const PROCESS_APPLICATION = 'process application';

/** Camunda's definition ids: `key:version:id` when that fits in 64 characters, else just the id. */
export function definitionId(key: string, version: number): string {
  const id = newId();
  const composed = `${key}:${version}:${id}`;
  return composed.length <= 64 ? composed : id;
}

async function nextVersion(
  em: EntityManager,
  table: DefinitionTable,
  key: string,
  tenantId: string | null,
): Promise<number> {
  const qb = em
    .getRepository(table)
    .createQueryBuilder('d')
    .select('MAX(d.version)', 'max')
    .where('d.key = :key', { key });
  if (tenantId == null) qb.andWhere('d.tenantId IS NULL');
  else qb.andWhere('d.tenantId = :tenantId', { tenantId });
  const row = await qb.getRawOne<{ max: number | string | null }>();
  return Number(row?.max ?? 0) + 1;
}

function ensureUniqueKeys(keys: string[]): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) {
      throw new BadUserRequestError(
        `The deployment contains definitions with the same key '${key}' (id attribute), this is not allowed`,
        'ProcessEngineException',
      );
    }
    seen.add(key);
  }
}

/**
 * Duplicate filtering: for each resource name, the same-named resource of the latest deployment
 * with the same name, source and tenant. Returns the names that changed and that latest deployment.
 */
async function compareWithPrevious(
  em: EntityManager,
  req: DeploymentRequest,
): Promise<{ changed: Set<string>; latest: DeploymentEntity | null }> {
  const qb = em.getRepository(DeploymentEntity).createQueryBuilder('d').where('d.name = :name', { name: req.name });
  if (req.tenantId == null) qb.andWhere('d.tenantId IS NULL');
  else qb.andWhere('d.tenantId = :tenantId', { tenantId: req.tenantId });
  if (!req.source || req.source === PROCESS_APPLICATION)
    qb.andWhere('(d.source IS NULL OR d.source = :pa)', { pa: PROCESS_APPLICATION });
  else qb.andWhere('d.source = :source', { source: req.source });
  const latest = await qb.clone().orderBy('d.deploymentTime', 'DESC').addOrderBy('d.id', 'DESC').getOne();
  if (!latest) return { changed: new Set(req.resources.map((r) => r.name)), latest: null };
  const previous = await em
    .getRepository(ResourceEntity)
    .createQueryBuilder('r')
    .innerJoin(DeploymentEntity, 'd', 'd.id = r.deploymentId')
    .where(`d.id IN (${qb.select('d.id').getQuery()})`, qb.getParameters())
    .andWhere('r.name IN (:...names)', { names: req.resources.map((r) => r.name) })
    .orderBy('d.deploymentTime', 'DESC')
    .addOrderBy('d.id', 'DESC')
    .getMany();
  const newest = new Map<string, ResourceEntity>();
  for (const r of previous) if (r.name && !newest.has(r.name)) newest.set(r.name, r);
  const changed = new Set<string>();
  for (const r of req.resources) {
    const before = newest.get(r.name);
    if (!before || before.generated || !before.bytes || !Buffer.from(before.bytes).equals(r.bytes)) changed.add(r.name);
  }
  return { changed, latest };
}

/** Records one deployment in the command (written at its flush). Models were parsed beforehand. */
export async function deploy(
  ctx: CommandContext,
  req: DeploymentRequest,
  parsed: ParsedResources,
  now: Date,
): Promise<DeploymentResult> {
  const em = ctx.em;
  let resources = req.resources;
  if (req.enableDuplicateFiltering || req.deployChangedOnly) {
    const { changed, latest } = await compareWithPrevious(em, req);
    if (changed.size === 0 && latest) {
      return {
        deployment: latest,
        processDefinitions: null,
        decisionDefinitions: null,
        decisionRequirementsDefinitions: null,
      };
    }
    if (req.deployChangedOnly) resources = resources.filter((r) => changed.has(r.name));
  }

  const deployment = Object.assign(new DeploymentEntity(), {
    id: newId(),
    name: req.name,
    deploymentTime: now,
    source: req.source,
    tenantId: req.tenantId,
  });
  const resourceRows = resources.map((r) =>
    Object.assign(new ResourceEntity(), {
      id: newId(),
      rev: 1,
      name: r.name,
      deploymentId: deployment.id,
      bytes: r.bytes,
      generated: false,
      tenantId: req.tenantId,
      type: 1,
      createTime: now,
    }),
  );
  const names = new Set(resources.map((r) => r.name));

  const processDefinitions: ProcessDefinitionEntity[] = [];
  const processGraphs = resources.flatMap((r) =>
    (parsed.bpmn.get(r.name)?.processes ?? []).map((p) => ({ resource: r.name, p })),
  );
  ensureUniqueKeys(processGraphs.map(({ p }) => p.key));
  for (const { resource, p } of processGraphs) {
    const version = await nextVersion(em, ProcessDefinitionEntity, p.key, req.tenantId);
    const definition: ProcessDefinitionEntity = Object.assign(new ProcessDefinitionEntity(), {
      id: definitionId(p.key, version),
      rev: 1,
      category: null,
      name: p.name,
      key: p.key,
      version,
      deploymentId: deployment.id,
      resourceName: resource,
      diagramResourceName: findDiagram(resource, p.key, names),
      hasStartFormKey: p.hasStartFormKey,
      suspensionState: 1,
      activationTime: req.activationTime && req.activationTime > now ? req.activationTime : null,
      tenantId: req.tenantId,
      versionTag: p.versionTag,
      historyTimeToLive: p.historyTimeToLive,
      startable: p.isStartableInTasklist,
    });
    processDefinitions.push(definition);
    ctx.manager(JobDefinitionManager).insert(jobDefinitionsOf(p, definition));
  }

  const drds: DecisionRequirementsDefinitionEntity[] = [];
  const decisionDefinitions: DecisionDefinitionEntity[] = [];
  const dmnResources = resources.filter((r) => parsed.dmn.has(r.name));
  ensureUniqueKeys(dmnResources.flatMap((r) => parsed.dmn.get(r.name)!.decisions.map((d) => d.key)));
  for (const r of dmnResources) {
    const model = parsed.dmn.get(r.name)!;
    let drd: DecisionRequirementsDefinitionEntity | null = null;
    // As in Camunda, a decision requirements definition is kept only for models with several decisions.
    if (model.decisions.length > 1) {
      const version = await nextVersion(em, DecisionRequirementsDefinitionEntity, model.drd.key, req.tenantId);
      drd = Object.assign(new DecisionRequirementsDefinitionEntity(), {
        id: definitionId(model.drd.key, version),
        rev: 1,
        category: model.drd.namespace,
        name: model.drd.name,
        key: model.drd.key,
        version,
        deploymentId: deployment.id,
        resourceName: r.name,
        diagramResourceName: findDiagram(r.name, model.drd.key, names),
        tenantId: req.tenantId,
      });
      drds.push(drd);
    }
    for (const d of model.decisions) {
      const version = await nextVersion(em, DecisionDefinitionEntity, d.key, req.tenantId);
      decisionDefinitions.push(
        Object.assign(new DecisionDefinitionEntity(), {
          id: definitionId(d.key, version),
          rev: 1,
          category: model.drd.namespace,
          name: d.name,
          key: d.key,
          version,
          deploymentId: deployment.id,
          resourceName: r.name,
          diagramResourceName: findDiagram(r.name, d.key, names),
          decisionRequirementsDefinitionId: drd?.id ?? null,
          decisionRequirementsDefinitionKey: drd?.key ?? null,
          tenantId: req.tenantId,
          historyTimeToLive: d.historyTimeToLive,
          versionTag: d.versionTag,
        }),
      );
    }
  }
  ctx.manager(DeploymentManager).insert({
    deployment,
    resources: resourceRows,
    processDefinitions,
    decisionRequirementsDefinitions: drds,
    decisionDefinitions,
  });

  return {
    deployment,
    processDefinitions: processDefinitions.length ? processDefinitions : null,
    decisionDefinitions: decisionDefinitions.length ? decisionDefinitions : null,
    decisionRequirementsDefinitions: drds.length ? drds : null,
  };
}
