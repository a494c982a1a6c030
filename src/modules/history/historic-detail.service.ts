import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SelectQueryBuilder } from 'typeorm';
import { badRequest, notFound } from '../../common/errors/rest-error';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { ParsedQuery } from '../../common/query/parse-query';
import { sendTypedValueBinary } from '../../common/variables/variable-scope-resource';
import { Authentication } from '../../engine/authorization/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { fromColumns } from '../../engine/variables/variable-columns';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricDetailDto, toHistoricDetailDto } from './historic-detail.dto';
import { HISTORIC_DETAIL_QUERY } from './historic-detail.query';

function deserialize(raw: unknown): boolean {
  return raw !== false && raw !== 'false';
}

@Injectable()
export class HistoricDetailService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<HistoricDetailEntity>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(HistoricDetailEntity).createQueryBuilder('d');
      await this.engine.authorizationChecker.restrictQuery(em, qb, auth, 'READ_HISTORY', Resources.PROCESS_DEFINITION, 'd.processDefinitionKey');
      return run(qb);
    });
  }

  /** `deserializeValues` comes from the query string on both GET and POST. */
  async list(auth: Authentication | null, q: ParsedQuery, deserializeValues: unknown): Promise<HistoricDetailDto[]> {
    const rows = await this.query(auth, (qb) => listQuery(qb, HISTORIC_DETAIL_QUERY, q));
    const flag = deserialize(deserializeValues ?? q.filters.deserializeValues);
    return rows.map((d) => toHistoricDetailDto(d, flag));
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, HISTORIC_DETAIL_QUERY, q)) };
  }

  private async find(auth: Authentication | null, id: string): Promise<HistoricDetailEntity> {
    const found = await this.query(auth, (qb) => qb.andWhere('d.id = :id', { id }).getOne());
    if (!found) throw notFound(`Historic detail with Id '${id}' does not exist.`);
    return found;
  }

  async get(auth: Authentication | null, id: string, deserializeValue: unknown): Promise<HistoricDetailDto> {
    return toHistoricDetailDto(await this.find(auth, id), deserialize(deserializeValue));
  }

  async data(auth: Authentication | null, id: string, res: Response): Promise<void> {
    const detail = await this.find(auth, id);
    if (detail.detailType !== 'VariableUpdate') throw badRequest(`Historic detail with Id '${id}' is not a variable update.`);
    sendTypedValueBinary(fromColumns(detail), id, res);
  }
}
