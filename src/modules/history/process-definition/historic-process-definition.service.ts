import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { applyFilters, applyOrderAndPaging } from '../../../common/query/apply-query';
import { checkMaxResults } from '../../../common/query/max-results';
import { ParsedQuery } from '../../../common/query/parse-query';
import { Resources } from '../../../engine/authorization/resources';
import { Authentication } from '../../../engine/command/authentication';
import { ActivityInstanceState } from '../../../engine/history/process-history.manager';
import { ProcessEngine } from '../../../engine/process-engine';
import { cleanableReportQuery } from '../cleanable-report';
import { HistoricActivityInstanceEntity } from '../../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricIncidentEntity, IncidentState } from '../../../persistence/entities/history/historic-incident.entity';
import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import {
  CleanableHistoricProcessInstanceReportResultDto,
  HistoricActivityStatisticsDto,
} from './historic-process-definition.dto';
import {
  CLEANABLE_PROCESS_REPORT_QUERY,
  HISTORIC_ACTIVITY_STATISTICS_QUERY,
} from './historic-process-definition.query';

type Counts = Omit<HistoricActivityStatisticsDto, 'id'>;

const zero = (): Counts => ({
  instances: 0,
  canceled: 0,
  finished: 0,
  completeScope: 0,
  openIncidents: 0,
  resolvedIncidents: 0,
  deletedIncidents: 0,
});

@Injectable()
export class HistoricProcessDefinitionService {
  constructor(private readonly engine: ProcessEngine) {}

  /**
   * historyService.createHistoricActivityStatisticsQuery: per activity of the definition, its running instances and
   * what the flags ask for; an activity is listed when one of the counts asked for is above 0. READ_HISTORY on the
   * definition, as Camunda checks it; an unknown definition has no statistics.
   */
  async activityStatistics(
    auth: Authentication | null,
    processDefinitionId: string,
    q: ParsedQuery,
  ): Promise<HistoricActivityStatisticsDto[]> {
    return this.engine.tx.read(async (em) => {
      const definition = await em.getRepository(ProcessDefinitionEntity).findOneBy({ id: processDefinitionId });
      if (!definition) return [];
      await this.engine.authorizationChecker.check(em, auth, [
        { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, resourceId: definition.key },
      ]);
      const flags = q.filters;
      const qb = em
        .getRepository(HistoricActivityInstanceEntity)
        .createQueryBuilder('a')
        .select('a.activityId', 'id')
        .addSelect('SUM(CASE WHEN a.endTime IS NULL THEN 1 ELSE 0 END)', 'instances')
        .addSelect('SUM(CASE WHEN a.endTime IS NOT NULL THEN 1 ELSE 0 END)', 'finished')
        .addSelect(
          `SUM(CASE WHEN a.activityInstanceState = ${ActivityInstanceState.CANCELED} THEN 1 ELSE 0 END)`,
          'canceled',
        )
        .addSelect(
          `SUM(CASE WHEN a.activityInstanceState = ${ActivityInstanceState.SCOPE_COMPLETE} THEN 1 ELSE 0 END)`,
          'completeScope',
        )
        .where('a.processDefinitionId = :pd', { pd: processDefinitionId })
        .groupBy('a.activityId');
      applyFilters(qb, HISTORIC_ACTIVITY_STATISTICS_QUERY, q);
      const byActivity = new Map<string, Counts>();
      const of = (id: string) => byActivity.get(id) ?? byActivity.set(id, zero()).get(id)!;
      for (const r of await qb.getRawMany<Record<string, unknown>>()) {
        const counts = of(String(r.id));
        counts.instances = Number(r.instances);
        if (flags.finished === true) counts.finished = Number(r.finished);
        if (flags.canceled === true) counts.canceled = Number(r.canceled);
        if (flags.completeScope === true) counts.completeScope = Number(r.completeScope);
      }
      if (flags.incidents === true) await this.countIncidents(em, processDefinitionId, q, of);
      const listed = [...byActivity.entries()]
        .filter(([, c]) => Object.values(c).some((n) => n > 0))
        .map(([id, c]) => ({ id, ...c }));
      const desc = q.sorting[0]?.sortOrder === 'desc';
      return listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (desc ? -1 : 1));
    });
  }

  private async countIncidents(
    em: EntityManager,
    processDefinitionId: string,
    q: ParsedQuery,
    of: (activityId: string) => Counts,
  ): Promise<void> {
    const qb = em
      .getRepository(HistoricIncidentEntity)
      .createQueryBuilder('i')
      .select('i.activityId', 'id')
      .addSelect(`SUM(CASE WHEN i.incidentState = ${IncidentState.OPEN} THEN 1 ELSE 0 END)`, 'open')
      .addSelect(`SUM(CASE WHEN i.incidentState = ${IncidentState.RESOLVED} THEN 1 ELSE 0 END)`, 'resolved')
      .addSelect(`SUM(CASE WHEN i.incidentState = ${IncidentState.DELETED} THEN 1 ELSE 0 END)`, 'deleted')
      .where('i.processDefinitionId = :pd', { pd: processDefinitionId })
      .andWhere('i.activityId IS NOT NULL')
      .groupBy('i.activityId');
    const ids = q.filters.processInstanceIdIn as string[] | undefined;
    if (ids) {
      if (!ids.length) return;
      qb.andWhere('i.processInstanceId IN (:...pis)', { pis: ids });
    }
    for (const r of await qb.getRawMany<Record<string, unknown>>()) {
      const counts = of(String(r.id));
      counts.openIncidents = Number(r.open);
      counts.resolvedIncidents = Number(r.resolved);
      counts.deletedIncidents = Number(r.deleted);
    }
  }

  /**
   * Per process definition: its finished historic instances, and those whose removal time has passed (what the
   * history cleanup would remove); `compact` leaves out definitions without finished instances.
   */
  private async cleanableReportQuery(em: EntityManager, auth: Authentication | null, q: ParsedQuery) {
    const now = this.engine.options.clock();
    const qb = cleanableReportQuery(
      em,
      ProcessDefinitionEntity,
      HistoricProcessInstanceEntity,
      'h.processDefinitionId = d.id AND h.endTime IS NOT NULL',
      now,
    );
    applyFilters(qb, CLEANABLE_PROCESS_REPORT_QUERY, q);
    if (q.filters.compact === true) qb.having('COUNT(h.id) > 0');
    await this.engine.authorizationChecker.restrictQuery(
      em,
      qb,
      auth,
      'READ_HISTORY',
      Resources.PROCESS_DEFINITION,
      'd.key',
    );
    return qb;
  }

  async cleanableReport(
    auth: Authentication | null,
    q: ParsedQuery,
  ): Promise<CleanableHistoricProcessInstanceReportResultDto[]> {
    checkMaxResults(q, this.engine.options.queryMaxResultsLimit);
    return this.engine.tx.read(async (em) => {
      const qb = await this.cleanableReportQuery(em, auth, q);
      applyOrderAndPaging(qb, CLEANABLE_PROCESS_REPORT_QUERY, q);
      const rows = await qb.getRawMany<Record<string, unknown>>();
      return rows.map((r) => ({
        processDefinitionId: String(r.id),
        processDefinitionKey: String(r.key),
        processDefinitionName: (r.name as string | null) ?? null,
        processDefinitionVersion: Number(r.version),
        historyTimeToLive: r.ttl == null ? null : Number(r.ttl),
        finishedProcessInstanceCount: Number(r.finished),
        cleanableProcessInstanceCount: Number(r.cleanable ?? 0),
        tenantId: (r.tenantId as string | null) ?? null,
      }));
    });
  }

  async cleanableReportCount(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return this.engine.tx.read(async (em) => {
      const qb = await this.cleanableReportQuery(em, auth, q);
      return { count: (await qb.getRawMany()).length };
    });
  }
}
