import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { notFound } from '../../common/errors/rest-error';
import { ParsedQuery } from '../../common/query/parse-query';
import { ResourceQuery } from '../../common/query/resource-query';
import { sendTypedValueBinary } from '../../common/variables/variable-scope-resource';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { fromColumns } from '../../engine/variables/variable-columns';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { VariableInstanceDto } from './variable-instance.dto';
import { VARIABLE_INSTANCE_LIST } from './variable-instance.query';

@Injectable()
export class VariableInstanceRestService {
  readonly rows: ResourceQuery<VariableEntity, VariableInstanceDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, VARIABLE_INSTANCE_LIST);
  }

  /** POST: `deserializeValues` is a query parameter there too; the body may carry it as well. */
  query(auth: Authentication | null, q: ParsedQuery, deserializeValues: unknown): Promise<VariableInstanceDto[]> {
    return this.rows.list(auth, {
      ...q,
      filters: { ...q.filters, deserializeValues: deserializeValues ?? q.filters.deserializeValues },
    });
  }

  async get(auth: Authentication | null, id: string, deserializeValue: unknown): Promise<VariableInstanceDto> {
    const found = await this.rows.one(auth, id, { deserializeValues: deserializeValue });
    if (!found) throw notFound(`Variable instance with Id '${id}' does not exist.`);
    return found;
  }

  async data(auth: Authentication | null, id: string, res: Response): Promise<void> {
    const found = await this.rows.row(auth, id);
    if (!found) throw notFound(`Variable instance with Id '${id}' does not exist.`);
    sendTypedValueBinary(fromColumns(found), id, res);
  }
}
