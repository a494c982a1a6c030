import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { notFound } from '../../../common/errors/rest-error';
import { ParsedQuery } from '../../../common/query/parse-query';
import { ResourceQuery } from '../../../common/query/resource-query';
import { sendTypedValueBinary } from '../../../common/variables/variable-scope-resource';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { fromColumns } from '../../../engine/variables/variable-columns';
import { HistoricVariableInstanceEntity } from '../../../persistence/entities/history/historic-variable-instance.entity';
import { HistoricVariableInstanceDto, toHistoricVariableInstanceDto } from './historic-variable-instance.dto';
import { HISTORIC_VARIABLE_INSTANCE_LIST } from './historic-variable-instance.query';
import { deserialize } from '../../../common/query/variable-row-params';

@Injectable()
export class HistoricVariableInstanceService {
  readonly rows: ResourceQuery<HistoricVariableInstanceEntity, HistoricVariableInstanceDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_VARIABLE_INSTANCE_LIST);
  }

  /** POST: `deserializeValues` from the query string, else from the body. */
  query(
    auth: Authentication | null,
    q: ParsedQuery,
    deserializeValues: unknown,
  ): Promise<HistoricVariableInstanceDto[]> {
    return this.rows.list(auth, {
      ...q,
      filters: { ...q.filters, deserializeValues: deserializeValues ?? q.filters.deserializeValues },
    });
  }

  /** One row by id, deleted or not (Camunda's variableId query has no state condition). */
  private async find(auth: Authentication | null, id: string): Promise<HistoricVariableInstanceEntity> {
    const found = await this.rows.row(auth, id);
    if (!found) throw notFound(`Historic variable instance with Id '${id}' does not exist.`);
    return found;
  }

  async get(auth: Authentication | null, id: string, deserializeValue: unknown): Promise<HistoricVariableInstanceDto> {
    return toHistoricVariableInstanceDto(await this.find(auth, id), deserialize(deserializeValue));
  }

  async data(auth: Authentication | null, id: string, res: Response): Promise<void> {
    sendTypedValueBinary(fromColumns(await this.find(auth, id)), id, res);
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.history.deleteHistoricVariableInstance(auth, id);
  }
}
