import type { Response } from 'express';
import { SelectQueryBuilder } from 'typeorm';
import { Authentication } from '../../engine/authorization/authentication';
import { ResourceType } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { mediaTypeOf } from '../../engine/repository/resource-kinds';
import { DefinitionKind } from '../../engine/repository/repository.service';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { sendBinary } from '../http/binary-response';
import { countQuery, listQuery } from '../query/apply-query';
import { ParsedQuery } from '../query/parse-query';
import { QuerySpec } from '../query/query-spec';
import { RestError } from '../errors/rest-error';

type Definition = { id: string; key: string; deploymentId: string | null; resourceName: string | null; diagramResourceName: string | null; rev: number };

/**
 * What the three definition resources (process, decision, decision requirements) share:
 * list/count with authorization restriction, lookup by id or latest by key, XML and diagram.
 */
export class DefinitionLookup<E extends Definition> {
  constructor(
    private readonly engine: ProcessEngine,
    private readonly kind: DefinitionKind,
    private readonly entity: new () => E,
    private readonly resource: ResourceType,
    private readonly spec: QuerySpec,
    private readonly label: string,
  ) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<E>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(this.entity).createQueryBuilder('d').leftJoin(DeploymentEntity, 'dep', 'dep.id = d.deploymentId');
      await this.engine.authorizationChecker.restrictQuery(em, qb, auth, 'READ', this.resource, 'd.key');
      return run(qb);
    });
  }

  list(auth: Authentication | null, q: ParsedQuery): Promise<E[]> {
    return this.query(auth, (qb) => listQuery(qb, this.spec, q));
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, this.spec, q)) };
  }

  /** By id; `status` and `message` are the endpoint's own answer for an unknown id. */
  async byId(auth: Authentication | null, id: string, status = 404, message = `No matching definition with id ${id}`): Promise<E> {
    const found = (await this.engine.repository.definitionById(auth, this.kind, id)) as E | null;
    if (!found) throw new RestError(status, message);
    return found;
  }

  async byKey(auth: Authentication | null, key: string, tenantId: string | null = null): Promise<E> {
    const found = (await this.engine.repository.latestByKey(auth, this.kind, key, tenantId)) as E | null;
    if (!found) {
      const tenant = tenantId == null ? 'no tenant-id' : `tenant-id: ${tenantId}`;
      throw new RestError(404, `No matching ${this.label} with key: ${key} and ${tenant}`, 'RestException');
    }
    return found;
  }

  async xml(definition: E): Promise<string> {
    return (await this.engine.repository.resourceBytes(definition)).toString('utf8');
  }

  /** The diagram image, or 204 when the definition has none. */
  async sendDiagram(definition: E, res: Response): Promise<void> {
    const diagram = await this.engine.repository.diagram(definition);
    if (!diagram) {
      res.status(204).end();
      return;
    }
    sendBinary(res, diagram.bytes, diagram.name, mediaTypeOf(diagram.name));
  }
}
