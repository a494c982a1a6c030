import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { badRequest } from '../../../common/errors/rest-error';
import { parseValue } from '../../../common/query/parse-query';
import { f } from '../../../common/query/query-spec';
import { ANY, Resources } from '../../../engine/authorization/resources';
import { Authentication } from '../../../engine/command/authentication';
import { NotValidError } from '../../../engine/errors';
import { ProcessEngine } from '../../../engine/process-engine';
import { isSqlite, monthOf } from '../../../persistence/dialect';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { DurationReportResultDto, HistoricTaskInstanceReportResultDto } from './historic-task-report.dto';

type PeriodUnit = 'MONTH' | 'QUARTER';

/** The query string of GET /history/task/report (Camunda's HistoricTaskInstanceReportQueryDto). */
export interface TaskReportParams {
  reportType?: string;
  periodUnit?: string;
  groupBy?: string;
  completedBefore?: string;
  completedAfter?: string;
}

const first = (v: unknown): string | undefined => (Array.isArray(v) ? (v[0] as string) : (v as string | undefined));

@Injectable()
export class HistoricTaskReportService {
  constructor(private readonly engine: ProcessEngine) {}

  /**
   * historyService.createHistoricTaskInstanceReport over completed tasks: a count by task name or by process
   * definition, or the minimum, maximum and average duration per month or quarter of their end (over all years, as
   * Camunda groups them). READ_HISTORY on every process definition, as Camunda checks for a report.
   */
  async report(
    auth: Authentication | null,
    query: Record<string, unknown>,
  ): Promise<HistoricTaskInstanceReportResultDto[] | DurationReportResultDto[]> {
    const reportType = first(query.reportType);
    if (reportType != null && reportType !== 'count' && reportType !== 'duration')
      throw badRequest(`reportType parameter has invalid value: ${reportType}`);
    const periodUnit = this.periodUnit(first(query.periodUnit));
    const completedBefore = this.date('completedBefore', first(query.completedBefore));
    const completedAfter = this.date('completedAfter', first(query.completedAfter));
    if (reportType == null) throw badRequest('Parameter reportType is not set.');
    const groupBy = first(query.groupBy);
    if (reportType === 'count' && groupBy !== 'taskName' && groupBy !== 'processDefinition')
      throw badRequest(`groupBy parameter has invalid value: ${groupBy ?? null}`);
    if (reportType === 'duration' && !periodUnit) throw new NotValidError('periodUnit is null');
    return this.engine.tx.read(async (em) => {
      await this.engine.authorizationChecker.check(em, auth, [
        { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, resourceId: ANY },
      ]);
      const qb = this.completed(em, completedBefore, completedAfter);
      return reportType === 'count'
        ? this.count(qb, groupBy as 'taskName' | 'processDefinition')
        : this.duration(em, qb, periodUnit!);
    });
  }

  private periodUnit(value: string | undefined): PeriodUnit | null {
    if (value == null) return null;
    const unit = value.toUpperCase();
    if (unit !== 'MONTH' && unit !== 'QUARTER') throw badRequest(`periodUnit parameter has invalid value: ${value}`);
    return unit;
  }

  private date(name: string, value: string | undefined): Date | null {
    return value == null ? null : (parseValue(name, value, f.option('date'), false) as Date);
  }

  private completed(em: EntityManager, before: Date | null, after: Date | null) {
    const qb = em.getRepository(HistoricTaskInstanceEntity).createQueryBuilder('t').where('t.endTime IS NOT NULL');
    if (before) qb.andWhere('t.endTime <= :before', { before });
    if (after) qb.andWhere('t.endTime >= :after', { after });
    return qb;
  }

  private async count(
    qb: SelectQueryBuilder<HistoricTaskInstanceEntity>,
    groupBy: 'taskName' | 'processDefinition',
  ): Promise<HistoricTaskInstanceReportResultDto[]> {
    const byName = groupBy === 'taskName';
    // A task without a process has no definition to count it under; by name it is counted on its own.
    if (byName) qb.leftJoin(ProcessDefinitionEntity, 'd', 'd.id = t.processDefinitionId');
    else qb.innerJoin(ProcessDefinitionEntity, 'd', 'd.id = t.processDefinitionId');
    qb.select('COUNT(t.id)', 'count')
      .addSelect('t.processDefinitionKey', 'processDefinitionKey')
      .addSelect('t.processDefinitionId', 'processDefinitionId')
      .addSelect('d.name', 'processDefinitionName')
      .addSelect('t.tenantId', 'tenantId')
      .groupBy('t.processDefinitionKey')
      .addGroupBy('t.processDefinitionId')
      .addGroupBy('d.name')
      .addGroupBy('t.tenantId');
    if (byName) qb.addSelect('t.name', 'taskName').addGroupBy('t.name').orderBy('t.name', 'ASC');
    qb.addOrderBy('t.processDefinitionKey', 'ASC').addOrderBy('t.processDefinitionId', 'ASC');
    const rows = await qb.getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({
      taskName: byName ? ((r.taskName as string | null) ?? null) : null,
      count: Number(r.count),
      processDefinitionKey: (r.processDefinitionKey as string | null) ?? null,
      processDefinitionId: (r.processDefinitionId as string | null) ?? null,
      processDefinitionName: (r.processDefinitionName as string | null) ?? null,
      tenantId: (r.tenantId as string | null) ?? null,
    }));
  }

  private async duration(
    em: EntityManager,
    qb: SelectQueryBuilder<HistoricTaskInstanceEntity>,
    unit: PeriodUnit,
  ): Promise<DurationReportResultDto[]> {
    const month = monthOf(em, 't.end_time');
    const period = unit === 'MONTH' ? month : `((${month} - 1) ${isSqlite(em) ? '/' : 'DIV'} 3 + 1)`;
    const rows = await qb
      .select(`${period}`, 'period')
      .addSelect('MIN(t.durationInMillis)', 'minimum')
      .addSelect('MAX(t.durationInMillis)', 'maximum')
      .addSelect('AVG(t.durationInMillis)', 'average')
      .groupBy(period)
      .orderBy(period, 'ASC')
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({
      period: Math.floor(Number(r.period)),
      periodUnit: unit,
      minimum: Number(r.minimum),
      maximum: Number(r.maximum),
      average: Math.round(Number(r.average)),
    }));
  }
}
