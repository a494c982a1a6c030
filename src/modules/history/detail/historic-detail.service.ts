import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { badRequest, notFound } from '../../../common/errors/rest-error';
import { ParsedQuery } from '../../../common/query/parse-query';
import { ResourceQuery } from '../../../common/query/resource-query';
import { sendTypedValueBinary } from '../../../common/variables/variable-scope-resource';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { fromColumns } from '../../../engine/variables/variable-columns';
import { HistoricDetailEntity } from '../../../persistence/entities/history/historic-detail.entity';
import { HistoricDetailDto, toHistoricDetailDto } from './historic-detail.dto';
import { HISTORIC_DETAIL_LIST } from './historic-detail.query';
import { deserialize } from '../../../common/query/variable-row-params';

@Injectable()
export class HistoricDetailService {
  readonly rows: ResourceQuery<HistoricDetailEntity, HistoricDetailDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_DETAIL_LIST);
  }

  /** POST: `deserializeValues` from the query string, else from the body. */
  query(auth: Authentication | null, q: ParsedQuery, deserializeValues: unknown): Promise<HistoricDetailDto[]> {
    return this.rows.list(auth, {
      ...q,
      filters: { ...q.filters, deserializeValues: deserializeValues ?? q.filters.deserializeValues },
    });
  }

  private async find(auth: Authentication | null, id: string): Promise<HistoricDetailEntity> {
    const found = await this.rows.row(auth, id);
    if (!found) throw notFound(`Historic detail with Id '${id}' does not exist.`);
    return found;
  }

  async get(auth: Authentication | null, id: string, deserializeValue: unknown): Promise<HistoricDetailDto> {
    return toHistoricDetailDto(await this.find(auth, id), deserialize(deserializeValue));
  }

  async data(auth: Authentication | null, id: string, res: Response): Promise<void> {
    const detail = await this.find(auth, id);
    if (detail.detailType !== 'VariableUpdate')
      throw badRequest(`Historic detail with Id '${id}' is not a variable update.`);
    sendTypedValueBinary(fromColumns(detail), id, res);
  }
}
