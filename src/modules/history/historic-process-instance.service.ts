import { Injectable } from '@nestjs/common';
import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { notFound } from '../../common/errors/rest-error';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { HistoricProcessInstanceDto, toHistoricProcessInstanceDto } from './historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_QUERY } from './historic-process-instance.query';

@Injectable()
export class HistoricProcessInstanceService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<HistoricProcessInstanceEntity>, em: EntityManager) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(HistoricProcessInstanceEntity).createQueryBuilder('h').leftJoin(ProcessDefinitionEntity, 'd', 'd.id = h.processDefinitionId');
      await this.engine.authorizationChecker.restrictQuery(em, qb, auth, 'READ_HISTORY', Resources.PROCESS_DEFINITION, 'h.processDefinitionKey');
      return run(qb, em);
    });
  }

  /** Definition names and versions for a whole page in one query. */
  private async render(em: EntityManager, rows: HistoricProcessInstanceEntity[]): Promise<HistoricProcessInstanceDto[]> {
    const ids = [...new Set(rows.map((h) => h.processDefinitionId))];
    const definitions = ids.length ? await em.getRepository(ProcessDefinitionEntity).find({ select: { id: true, name: true, version: true }, where: { id: In(ids) } }) : [];
    const byId = new Map(definitions.map((d) => [d.id, d]));
    return rows.map((h) => toHistoricProcessInstanceDto(h, byId.get(h.processDefinitionId)));
  }

  list(auth: Authentication | null, q: ParsedQuery): Promise<HistoricProcessInstanceDto[]> {
    return this.query(auth, async (qb, em) => this.render(em, await listQuery(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q)));
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q)) };
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricProcessInstanceDto> {
    const [found] = await this.query(auth, async (qb, em) => this.render(em, await qb.andWhere('h.id = :id', { id }).getMany()));
    if (!found) throw notFound(`Historic process instance with id ${id} does not exist`);
    return found;
  }
}
