import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { AnnotationDto, IncidentDto } from './incident.dto';
import { INCIDENT_LIST } from './incident.query';

@Injectable()
export class IncidentRestService {
  readonly rows: ResourceQuery<IncidentEntity, IncidentDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, INCIDENT_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<IncidentDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw new RestError(404, `No matching incident with id ${id}`);
    return found;
  }

  async resolve(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.incidents.resolve(auth, id);
  }

  async setAnnotation(auth: Authentication | null, id: string, dto: AnnotationDto): Promise<void> {
    await this.engine.incidents.setAnnotation(auth, id, dto.annotation ?? null);
  }

  async clearAnnotation(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.incidents.setAnnotation(auth, id, null);
  }
}
