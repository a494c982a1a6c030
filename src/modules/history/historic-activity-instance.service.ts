import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { notFound } from '../../common/errors/rest-error';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricActivityInstanceDto, toHistoricActivityInstanceDto } from './historic-activity-instance.dto';
import { HISTORIC_ACTIVITY_INSTANCE_QUERY } from './historic-activity-instance.query';

@Injectable()
export class HistoricActivityInstanceService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<HistoricActivityInstanceEntity>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(HistoricActivityInstanceEntity).createQueryBuilder('a');
      await this.engine.authorizationChecker.restrictQuery(em, qb, auth, 'READ_HISTORY', Resources.PROCESS_DEFINITION, 'a.processDefinitionKey');
      return run(qb);
    });
  }

  async list(auth: Authentication | null, q: ParsedQuery): Promise<HistoricActivityInstanceDto[]> {
    return (await this.query(auth, (qb) => listQuery(qb, HISTORIC_ACTIVITY_INSTANCE_QUERY, q))).map(toHistoricActivityInstanceDto);
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, HISTORIC_ACTIVITY_INSTANCE_QUERY, q)) };
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricActivityInstanceDto> {
    const found = await this.query(auth, (qb) => qb.andWhere('a.id = :id', { id }).getOne());
    if (!found) throw notFound(`Historic activity instance with id '${id}' does not exist`);
    return toHistoricActivityInstanceDto(found);
  }
}
