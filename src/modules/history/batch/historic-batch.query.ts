import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricBatchEntity } from '../../../persistence/entities/history/historic-batch.entity';
import { HistoricBatchDto, toHistoricBatchDto } from './historic-batch.dto';

/** GET /history/batch and its count over `act_hi_batch hb` (Camunda's HistoricBatchQueryDto). */
export const HISTORIC_BATCH_QUERY: QuerySpec = {
  params: {
    batchId: f.eq('hb.id'),
    type: f.eq('hb.type'),
    completed: f.bool('hb.endTime IS NOT NULL', 'hb.endTime IS NULL'),
    ...tenantParams('hb.tenantId'),
  },
  sortBy: { batchId: 'hb.id', startTime: 'hb.startTime', endTime: 'hb.endTime', tenantId: 'hb.tenantId' },
  defaultOrder: 'hb.id',
};

/** Camunda's historic batch query checks READ_HISTORY on Batch. */
export const HISTORIC_BATCH_LIST: QueryResource<HistoricBatchEntity, HistoricBatchDto> = {
  entity: HistoricBatchEntity,
  alias: 'hb',
  tenantColumn: 'hb.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.BATCH, column: 'hb.id' },
  spec: HISTORIC_BATCH_QUERY,
  dto: HistoricBatchDto,
  toDto: toHistoricBatchDto,
};

export const CLEANABLE_BATCH_REPORT_QUERY: QuerySpec = {
  params: {},
  sortBy: { finished: 'finished' },
  defaultOrder: 'hb.type',
};
