import { Injectable } from '@nestjs/common';
import { badRequest } from '../../common/errors/rest-error';
import { applyFilters } from '../../common/query/apply-query';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { formatDate } from '../../engine/util/camunda-date';
import { MeterLogEntity } from '../../persistence/entities/runtime/meter-log.entity';
import { MetricsIntervalResultDto, MetricsResultDto } from './meter-log.dto';
import { internalMetricName, METRICS_INTERVAL_QUERY, METRICS_SUM_QUERY } from './meter-log.query';

/** Camunda's default interval (15 minutes) and its row limit of interval queries. */
const DEFAULT_INTERVAL_SECONDS = 900;
const INTERVAL_ROW_LIMIT = 200;

interface IntervalRow {
  name: string;
  reporter?: string | null;
  bucket: number | string;
  value: number | string;
}

/**
 * Camunda's metrics queries over the meter log that every process writes its counts to (`MetricsQuery#sum` and
 * `#interval`). They read the reported rows only, as Camunda's: what a process counted since its last report is
 * not in them yet. Reading them needs READ on SYSTEM (camunda-admin passes), as the other system data does.
 */
@Injectable()
export class MeterLogRestService {
  constructor(private readonly engine: ProcessEngine) {}

  async sum(auth: Authentication | null, name: string, q: ParsedQuery): Promise<MetricsResultDto> {
    await this.engine.jobs.checkSystemRead(auth);
    const raw = await this.engine.tx.read((em) =>
      applyFilters(em.getRepository(MeterLogEntity).createQueryBuilder('m'), METRICS_SUM_QUERY, q)
        .select('COALESCE(SUM(m.value), 0)', 'result')
        .andWhere('m.name = :metric', { metric: internalMetricName(name) })
        .getRawOne<{ result: number | string }>(),
    );
    return { result: Number(raw?.result ?? 0) };
  }

  async interval(auth: Authentication | null, q: ParsedQuery): Promise<MetricsIntervalResultDto[]> {
    const seconds = (q.filters.interval as number | undefined) ?? DEFAULT_INTERVAL_SECONDS;
    if (seconds <= 0) throw badRequest(`Cannot set query parameter 'interval' to value '${seconds}'`);
    const limit = q.maxResults ?? INTERVAL_ROW_LIMIT;
    if (limit > INTERVAL_ROW_LIMIT)
      throw badRequest(`Metrics interval query row limit can't be set larger than ${INTERVAL_ROW_LIMIT}.`);
    await this.engine.jobs.checkSystemRead(auth);
    const ms = seconds * 1000;
    const byReporter = q.filters.aggregateByReporter === undefined;
    const rows = await this.engine.tx.read((em) => {
      const qb = applyFilters(em.getRepository(MeterLogEntity).createQueryBuilder('m'), METRICS_INTERVAL_QUERY, q)
        .select('m.name', 'name')
        // The interval's start: whole intervals since the epoch, as Camunda's buckets.
        .addSelect(`m.milliseconds - (m.milliseconds % ${ms})`, 'bucket')
        .addSelect('SUM(m.value)', 'value')
        .groupBy('m.name')
        .addGroupBy('bucket');
      if (byReporter) qb.addSelect('m.reporter', 'reporter').addGroupBy('m.reporter');
      qb.orderBy('bucket', 'DESC').addOrderBy('m.name', 'ASC');
      if (byReporter) qb.addOrderBy('m.reporter', 'ASC');
      return qb
        .offset(q.firstResult ?? 0)
        .limit(limit)
        .getRawMany<IntervalRow>();
    });
    const asked = q.filters.name as string | undefined;
    return rows.map((r) => ({
      timestamp: formatDate(new Date(Number(r.bucket))),
      name: asked ?? r.name,
      reporter: byReporter ? (r.reporter ?? null) : null,
      value: Number(r.value),
    }));
  }
}
