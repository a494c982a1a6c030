import type { HostCodeOptions } from '../bpmn/parse/parse-context';
import type { DelegateRegistry } from '../options';
import { EntityManager } from 'typeorm';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ResourceEntity } from '../../persistence/entities/repository/resource.entity';
import { selectRows } from '../../persistence/raw-rows';
import { BpmnModel, parseBpmn } from '../bpmn/parse/bpmn-parser';
import { ProcessGraph } from '../bpmn/model/process-graph';
import { DmnModel, parseDmn } from '../dmn/dmn-parser';
import { NotFoundError, ProcessEngineError } from '../errors';
import { ModelCache } from './model-cache';

/** Where a definition's files are: enough to serve its XML and diagram. */
export interface DefinitionFiles {
  deploymentId: string | null;
  resourceName: string | null;
  diagramResourceName: string | null;
}

/** How many deleted definition ids are remembered, so that a load racing the deletion is not cached. */
const REMEMBERED_REMOVALS = 10_000;

/**
 * The one cache of deployed definitions and their parsed models (Camunda's DeploymentCache), used by
 * every definition lookup of the engine. Definitions never change once deployed, so any instance can
 * rebuild an entry from the database; deleting a deployment evicts its definitions, in the deleting
 * transaction and again after it commits, and a load that was under way meanwhile is not kept.
 */
export class DeploymentCache {
  private readonly processDefinitions = new ModelCache<ProcessDefinitionEntity | null>(1000);
  private readonly processModels = new ModelCache<BpmnModel>();
  private readonly dmnModels = new ModelCache<DmnModel>();
  private readonly removed = new Set<string>();
  /** Stored models that name host code parse again without the deployment's check (this process may lack a delegate). */
  private readonly hostCode: HostCodeOptions | null;

  constructor(delegates: DelegateRegistry | null = null) {
    this.hostCode = delegates && { delegates, verify: false };
  }

  /** A process definition by id, or null when there is none. */
  processDefinition(em: EntityManager, id: string): Promise<ProcessDefinitionEntity | null> {
    if (this.removed.has(id)) return this.loadProcessDefinition(em, id);
    return this.processDefinitions
      .get(id, () => this.loadProcessDefinition(em, id))
      .then((found) => {
        // A miss is not kept: the id may belong to a deployment that has not committed yet.
        if (!found) this.processDefinitions.delete(id);
        return found;
      });
  }

  /** Remembers a definition this instance just deployed or read in full. */
  rememberProcessDefinition(definition: ProcessDefinitionEntity): void {
    if (!this.removed.has(definition.id)) this.processDefinitions.set(definition.id, definition);
  }

  async processGraph(em: EntityManager, definition: ProcessDefinitionEntity): Promise<ProcessGraph> {
    const model = await this.cached(this.processModels, definition.id, async () =>
      parseBpmn((await this.resourceBytes(em, definition)).toString('utf8'), definition.resourceName ?? definition.id, {
        hostCode: this.hostCode,
      }),
    );
    const graph = model.processes.find((p) => p.key === definition.key);
    if (!graph) throw new ProcessEngineError(`No process '${definition.key}' in resource ${definition.resourceName}`);
    return graph;
  }

  async dmnModel(em: EntityManager, definition: DecisionDefinitionEntity): Promise<DmnModel> {
    return this.cached(this.dmnModels, definition.id, async () =>
      parseDmn((await this.resourceBytes(em, definition)).toString('utf8'), definition.resourceName ?? definition.id),
    );
  }

  /** Forgets a changed definition row (its history time to live); the next lookup reads it again. */
  refresh(definitionId: string): void {
    this.processDefinitions.delete(definitionId);
  }

  /** Forgets definitions of a deleted deployment; call it in the deleting transaction and after its commit. */
  evict(definitionIds: Iterable<string>): void {
    for (const id of definitionIds) {
      this.processDefinitions.delete(id);
      this.processModels.delete(id);
      this.dmnModels.delete(id);
      this.removed.add(id);
    }
    if (this.removed.size > REMEMBERED_REMOVALS) {
      for (const id of this.removed) {
        this.removed.delete(id);
        if (this.removed.size <= REMEMBERED_REMOVALS / 2) break;
      }
    }
  }

  /** The bytes of a definition's own resource (its XML). */
  resourceBytes(em: EntityManager, definition: DefinitionFiles): Promise<Buffer> {
    return this.namedResource(em, definition.deploymentId, definition.resourceName);
  }

  async namedResource(em: EntityManager, deploymentId: string | null, name: string | null): Promise<Buffer> {
    const resource = await em
      .getRepository(ResourceEntity)
      .findOneBy({ deploymentId: deploymentId ?? '', name: name ?? '' });
    if (!resource?.bytes) throw new NotFoundError(`Resource '${name}' of deployment '${deploymentId}' does not exist`);
    return Buffer.from(resource.bytes);
  }

  private async cached<T>(cache: ModelCache<T>, id: string, load: () => Promise<T>): Promise<T> {
    if (this.removed.has(id)) return load();
    return cache.get(id, load);
  }

  private async loadProcessDefinition(em: EntityManager, id: string): Promise<ProcessDefinitionEntity | null> {
    const [found] = await selectRows(em, ProcessDefinitionEntity, 'WHERE t.id = ?', [id]);
    return found ?? null;
  }
}
