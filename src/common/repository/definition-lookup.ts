import type { Response } from 'express';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { mediaTypeOf } from '../../engine/repository/resource-kinds';
import { DefinitionKind } from '../../engine/repository/repository.service';
import { sendBinary } from '../http/binary-response';
import { RestError } from '../errors/rest-error';

type Definition = {
  id: string;
  key: string;
  deploymentId: string | null;
  resourceName: string | null;
  diagramResourceName: string | null;
  rev: number;
};

/**
 * What the three definition resources (process, decision, decision requirements) share:
 * lookup by id or latest by key, XML and diagram (their lists are `definitionList`s).
 */
/** Addresses one definition: by id, or the latest of a key (without tenant, or of a tenant). */
export interface DefinitionRef {
  id?: string;
  key?: string;
  tenantId?: string | null;
}

export class DefinitionLookup<E extends Definition> {
  constructor(
    private readonly engine: ProcessEngine,
    private readonly kind: DefinitionKind,
    private readonly label: string,
  ) {}

  /** By id; `status` and `message` are the endpoint's own answer for an unknown id. */
  async byId(
    auth: Authentication | null,
    id: string,
    status = 404,
    message = `No matching definition with id ${id}`,
  ): Promise<E> {
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
