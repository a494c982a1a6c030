import { f, QuerySpec } from '../../common/query/query-spec';

/** Camunda's public names (its telemetry and billing names) for the metrics they stand for. */
const PUBLIC_NAMES: Record<string, string> = {
  'process-instances': 'root-process-instance-start',
  'flow-node-instances': 'activity-instance-start',
  'decision-instances': 'executed-decision-instances',
};

/** Camunda's MetricsUtil.resolveInternalName. */
export function internalMetricName(name: string): string {
  return PUBLIC_NAMES[name] ?? name;
}

const range = {
  startDate: f.custom('date', (qb, v: Date, _a, n) => {
    const p = n('start');
    qb.andWhere(`m.milliseconds >= :${p}`, { [p]: v.getTime() });
  }),
  endDate: f.custom('date', (qb, v: Date, _a, n) => {
    const p = n('end');
    qb.andWhere(`m.milliseconds < :${p}`, { [p]: v.getTime() });
  }),
};

export const METRICS_SUM_QUERY: QuerySpec = { params: range, sortBy: {}, defaultOrder: 'm.id' };

/** `GET /metrics`: the filters of Camunda's MetricsRestServiceImpl#interval. */
export const METRICS_INTERVAL_QUERY: QuerySpec = {
  params: {
    name: f.custom('string', (qb, v: string, _a, n) => {
      const p = n('name');
      qb.andWhere(`m.name = :${p}`, { [p]: internalMetricName(v) });
    }),
    reporter: f.eq('m.reporter'),
    ...range,
    interval: f.option('long'),
    // Any value asks for it, as in Camunda (it only looks whether the parameter is there).
    aggregateByReporter: f.option('string'),
  },
  sortBy: {},
  defaultOrder: 'm.id',
};
