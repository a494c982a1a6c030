import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { ResourceQuery } from '../../common/query/resource-query';
import { Authentication } from '../../engine/command/authentication';
import { NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { BatchDto, BatchStatisticsDto, BatchSuspensionStateDto } from './batch.dto';
import { BATCH_LIST, BATCH_STATISTICS_LIST } from './batch.query';

@Injectable()
export class BatchRestService {
  readonly rows: ResourceQuery<BatchEntity, BatchDto>;
  readonly statistics: ResourceQuery<BatchEntity, BatchStatisticsDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, BATCH_LIST);
    this.statistics = new ResourceQuery(engine, BATCH_STATISTICS_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<BatchDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw new RestError(404, `Batch with id '${id}' does not exist`);
    return found;
  }

  /** Camunda's resource names what it could not do (suspend or activate) for an unknown batch. */
  async setSuspended(auth: Authentication | null, id: string, dto: BatchSuspensionStateDto): Promise<void> {
    const suspended = dto.suspended === true;
    try {
      await this.engine.batches.setSuspended(auth, id, suspended);
    } catch (err) {
      if (err instanceof NotFoundError)
        throw new RestError(400, `Unable to ${suspended ? 'suspend' : 'activate'} batch with id '${id}'`);
      throw err;
    }
  }

  delete(auth: Authentication | null, id: string, cascade: string | undefined): Promise<void> {
    return this.engine.batches.delete(auth, id, cascade === 'true');
  }
}
