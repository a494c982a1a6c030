import { formatDate } from '../../../engine/util/camunda-date';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BatchDto, toBatchDto } from '../../../common/dto/batch.dto';
import { JobDto, toJobDto } from '../../../common/dto/job.dto';
import { notFound, RestError } from '../../../common/errors/rest-error';
import { applyFilters, applyOrderAndPaging } from '../../../common/query/apply-query';
import { checkMaxResults } from '../../../common/query/max-results';
import { parsePostQuery, ParsedQuery } from '../../../common/query/parse-query';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { Resources } from '../../../engine/authorization/resources';
import { RemovalTimeRequest } from '../../../engine/batch/batch.service';
import { ProcessEngine } from '../../../engine/process-engine';
import { parseDate } from '../../../engine/util/camunda-date';
import { HistoricBatchEntity } from '../../../persistence/entities/history/historic-batch.entity';
import {
  CleanableHistoricBatchReportResultDto,
  HistoricBatchDto,
  SetRemovalTimeDto,
  SetRemovalTimeToHistoricBatchesDto,
} from './historic-batch.dto';
import { CLEANABLE_BATCH_REPORT_QUERY, HISTORIC_BATCH_LIST, HISTORIC_BATCH_QUERY } from './historic-batch.query';

/** The removal-time flags of a body, its date read. */
export function removalTimeRequest(dto: SetRemovalTimeDto): RemovalTimeRequest {
  let absoluteRemovalTime: Date | null = null;
  if (dto.absoluteRemovalTime != null) {
    absoluteRemovalTime = parseDate(dto.absoluteRemovalTime);
    if (!absoluteRemovalTime) throw new RestError(400, `Cannot parse absoluteRemovalTime '${dto.absoluteRemovalTime}'`);
  }
  return {
    absoluteRemovalTime,
    clearedRemovalTime: dto.clearedRemovalTime,
    calculatedRemovalTime: dto.calculatedRemovalTime,
  };
}

@Injectable()
export class HistoricBatchService {
  readonly rows: ResourceQuery<HistoricBatchEntity, HistoricBatchDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_BATCH_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricBatchDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic batch with id '${id}' does not exist`);
    return found;
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.batches.deleteHistoric(auth, id);
  }

  /** Ids and query results together, as Camunda's builder takes both. */
  async setRemovalTime(auth: Authentication | null, dto: SetRemovalTimeToHistoricBatchesDto): Promise<BatchDto> {
    const request = removalTimeRequest(dto);
    const ids: Array<string | null> = [...(dto.historicBatchIds ?? [])];
    if (dto.historicBatchQuery == null && dto.historicBatchIds == null)
      throw new RestError(400, 'Neither query nor ids provided.');
    if (dto.historicBatchQuery != null) {
      const q = parsePostQuery(HISTORIC_BATCH_QUERY, dto.historicBatchQuery, {}, false);
      const found = await this.rows.read(auth, (qb) =>
        applyFilters(qb, HISTORIC_BATCH_QUERY, q).select('hb.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of found) ids.push(r.id);
    }
    return toBatchDto(await this.engine.batches.setBatchRemovalTimeAsync(auth, ids, request));
  }

  /** The history cleanup job (null when it is not due now and no window is configured). */
  async cleanUp(auth: Authentication | null, immediatelyDue: boolean): Promise<JobDto | null> {
    const job = await this.engine.batches.cleanUpHistory(auth, immediatelyDue);
    return job ? toJobDto(job) : null;
  }

  /** GET /history/cleanup/jobs: Camunda answers 404 (a RestException) when there is none. */
  async cleanupJobs(auth: Authentication | null): Promise<JobDto[]> {
    const jobs = await this.engine.batches.historyCleanupJobs(auth);
    if (!jobs.length) throw new RestError(404, 'History cleanup jobs are empty', 'RestException');
    return jobs.map(toJobDto);
  }

  /** GET /history/cleanup/job: the first of them. */
  async cleanupJob(auth: Authentication | null): Promise<JobDto> {
    const [job] = await this.engine.batches.historyCleanupJobs(auth);
    if (!job) throw new RestError(404, 'History cleanup job does not exist', 'RestException');
    return toJobDto(job);
  }

  cleanupConfiguration(): { batchWindowStartTime: string | null; batchWindowEndTime: string | null; enabled: boolean } {
    const window = this.engine.batches.historyCleanupWindow();
    return {
      batchWindowStartTime: formatDate(window?.start ?? null),
      batchWindowEndTime: formatDate(window?.end ?? null),
      enabled: true,
    };
  }

  /** Per batch type: finished batches, and those whose removal time has passed (what the cleanup would remove). */
  private async report(em: EntityManager, auth: Authentication | null, q: ParsedQuery) {
    const qb = em
      .getRepository(HistoricBatchEntity)
      .createQueryBuilder('hb')
      .select('hb.type', 'type')
      .addSelect('SUM(CASE WHEN hb.endTime IS NOT NULL THEN 1 ELSE 0 END)', 'finished')
      .addSelect('SUM(CASE WHEN hb.removalTime IS NOT NULL AND hb.removalTime <= :now THEN 1 ELSE 0 END)', 'cleanable')
      .setParameter('now', this.engine.clock())
      .groupBy('hb.type');
    applyFilters(qb, CLEANABLE_BATCH_REPORT_QUERY, q);
    await this.engine.authorizationChecker.restrictQuery(em, qb, auth, 'READ_HISTORY', Resources.BATCH, 'hb.id');
    return qb;
  }

  async cleanableReport(auth: Authentication | null, q: ParsedQuery): Promise<CleanableHistoricBatchReportResultDto[]> {
    checkMaxResults(q, this.engine.options.queryMaxResultsLimit);
    return this.engine.tx.read(async (em) => {
      const qb = await this.report(em, auth, q);
      applyOrderAndPaging(qb, CLEANABLE_BATCH_REPORT_QUERY, q);
      const rows = await qb.getRawMany<{
        type: string;
        finished: number | string | null;
        cleanable: number | string | null;
      }>();
      return rows.map((r) => ({
        batchType: r.type,
        historyTimeToLive: this.engine.batches.historyTimeToLive(r.type),
        finishedBatchesCount: Number(r.finished ?? 0),
        cleanableBatchesCount: Number(r.cleanable ?? 0),
      }));
    });
  }

  async cleanableReportCount(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return this.engine.tx.read(async (em) => ({ count: (await (await this.report(em, auth, q)).getRawMany()).length }));
  }
}
