import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { objectOrNull, stringOrNull } from '../../common/http/json-body';
import { Authentication } from '../../engine/authorization/authentication';
import { EngineError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { IncidentDto } from './incident.dto';
import { INCIDENT_LIST } from './incident.query';

@Injectable()
export class IncidentService {
  readonly rows: ResourceQuery<IncidentEntity, IncidentDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, INCIDENT_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<IncidentDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw new RestError(404, `No matching incident with id ${id}`);
    return found;
  }

  /** IncidentResourceImpl.resolveIncident: unknown is a 404, an engine-managed type a 400. */
  async resolve(auth: Authentication | null, id: string): Promise<void> {
    try {
      await this.engine.incidents.resolve(auth, id);
    } catch (err) {
      if (err instanceof EngineError && err.kind === 'NotFound') throw new RestError(404, err.message);
      if (err instanceof EngineError && err.kind === 'BadUserRequest') throw new RestError(400, err.message);
      throw err;
    }
  }

  async setAnnotation(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    await this.engine.incidents.setAnnotation(auth, id, stringOrNull(objectOrNull(body), 'annotation'));
  }

  async clearAnnotation(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.incidents.setAnnotation(auth, id, null);
  }
}
