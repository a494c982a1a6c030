import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { RestError } from '../../common/errors/rest-error';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { instanceReadGrants, restrictToAnyGrant } from '../../common/query/authorized-rows';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { AnnotationDto, IncidentDto, toIncidentDto } from './incident.dto';
import { INCIDENT_QUERY } from './incident.query';

const DEFINITION_KEY = '(SELECT d.`key` FROM act_re_procdef d WHERE d.id = i.proc_def_id)';

@Injectable()
export class IncidentService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<IncidentEntity>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(IncidentEntity).createQueryBuilder('i');
      await restrictToAnyGrant(this.engine.authorizationChecker, em, qb, auth, instanceReadGrants('i.processInstanceId', DEFINITION_KEY));
      return run(qb);
    });
  }

  async list(auth: Authentication | null, q: ParsedQuery): Promise<IncidentDto[]> {
    return (await this.query(auth, (qb) => listQuery(qb, INCIDENT_QUERY, q))).map(toIncidentDto);
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, INCIDENT_QUERY, q)) };
  }

  async get(auth: Authentication | null, id: string): Promise<IncidentDto> {
    const [found] = await this.query(auth, (qb) => qb.andWhere('i.id = :id', { id }).getMany());
    if (!found) throw new RestError(404, `No matching incident with id ${id}`);
    return toIncidentDto(found);
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
