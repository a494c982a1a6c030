import { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * The common part of Camunda's cleanable history reports (process and decision): per definition (`d`), how many
 * finished history rows (`h`, joined on `finishedOn`) it has and how many of them the history cleanup would remove
 * now (their removal time has passed). Each report adds its filters, its authorization and its answer's names.
 */
export function cleanableReportQuery<D extends ObjectLiteral>(
  em: EntityManager,
  definitions: EntityTarget<D>,
  history: new () => ObjectLiteral,
  finishedOn: string,
  now: Date,
): SelectQueryBuilder<D> {
  return em
    .getRepository(definitions)
    .createQueryBuilder('d')
    .leftJoin(history, 'h', finishedOn)
    .select([
      'd.id AS id',
      'd.key AS `key`',
      'd.name AS name',
      'd.version AS version',
      'd.historyTimeToLive AS ttl',
      'd.tenantId AS tenantId',
    ])
    .addSelect('COUNT(h.id)', 'finished')
    .addSelect('SUM(CASE WHEN h.removalTime IS NOT NULL AND h.removalTime <= :now THEN 1 ELSE 0 END)', 'cleanable')
    .setParameter('now', now)
    .groupBy('d.id')
    .addGroupBy('d.key')
    .addGroupBy('d.name')
    .addGroupBy('d.version')
    .addGroupBy('d.historyTimeToLive')
    .addGroupBy('d.tenantId');
}
