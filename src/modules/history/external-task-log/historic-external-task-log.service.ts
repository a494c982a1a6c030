import { Injectable } from '@nestjs/common';
import { notFound } from '../../../common/errors/rest-error';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricExternalTaskLogEntity } from '../../../persistence/entities/history/historic-external-task-log.entity';
import { HistoricExternalTaskLogDto } from './historic-external-task-log.dto';
import { HISTORIC_EXTERNAL_TASK_LOG_LIST } from './historic-external-task-log.query';

@Injectable()
export class HistoricExternalTaskLogService {
  readonly rows: ResourceQuery<HistoricExternalTaskLogEntity, HistoricExternalTaskLogDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_EXTERNAL_TASK_LOG_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricExternalTaskLogDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic external task log with id ${id} does not exist`);
    return found;
  }

  /** The details a failure reported; null for other logs and failures without details. */
  async errorDetails(auth: Authentication | null, id: string): Promise<string | null> {
    const found = await this.rows.row(auth, id);
    if (!found) throw notFound(`No historic external task log found with id ${id}`);
    return found.errorDetails;
  }
}
