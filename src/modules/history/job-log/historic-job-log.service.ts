import { Injectable } from '@nestjs/common';
import { notFound } from '../../../common/errors/rest-error';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricJobLogEntity } from '../../../persistence/entities/history/historic-job-log.entity';
import { HistoricJobLogDto } from './historic-job-log.dto';
import { HISTORIC_JOB_LOG_LIST } from './historic-job-log.query';

@Injectable()
export class HistoricJobLogService {
  readonly rows: ResourceQuery<HistoricJobLogEntity, HistoricJobLogDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_JOB_LOG_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricJobLogDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic job log with id ${id} does not exist`);
    return found;
  }

  /** The failure of a failure log; null for the other logs. */
  async stacktrace(auth: Authentication | null, id: string): Promise<string | null> {
    const found = await this.rows.row(auth, id);
    if (!found) throw notFound(`No historic job log found with id ${id}`);
    return found.jobExceptionStacktrace;
  }
}
