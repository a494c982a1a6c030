import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { RestError, notFound } from '../../../common/errors/rest-error';
import { applyFilters, applyOrderAndPaging } from '../../../common/query/apply-query';
import { checkMaxResults } from '../../../common/query/max-results';
import { parseGetQuery, parsePostQuery, ParsedQuery } from '../../../common/query/parse-query';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { Resources } from '../../../engine/authorization/resources';
import { ProcessEngine } from '../../../engine/process-engine';
import { cleanableReportQuery } from '../cleanable-report';
import { HistoricDecisionInstanceEntity } from '../../../persistence/entities/history/historic-decision-instance.entity';
import { DecisionDefinitionEntity } from '../../../persistence/entities/repository/decision-definition.entity';
import { DecisionRequirementsDefinitionEntity } from '../../../persistence/entities/repository/decision-requirements-definition.entity';
import { HistoricDecisionInstanceDto } from './historic-decision-instance.dto';
import { BatchDto, toBatchDto } from '../../../common/dto/batch.dto';
import {
  DeleteHistoricDecisionInstancesDto,
  SetRemovalTimeToHistoricDecisionInstancesDto,
} from '../batch/historic-batch.dto';
import { removalTimeRequest } from '../batch/historic-batch.service';
import {
  CLEANABLE_DECISION_REPORT_QUERY,
  HISTORIC_DECISION_INSTANCE_LIST,
  HISTORIC_DECISION_INSTANCE_QUERY,
} from './historic-decision-instance.query';

@Injectable()
export class HistoricDecisionInstanceService {
  readonly rows: ResourceQuery<HistoricDecisionInstanceEntity, HistoricDecisionInstanceDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_DECISION_INSTANCE_LIST);
  }

  /** The response flags (includeInputs, ...) come from the query string, as on the list. */
  async get(
    auth: Authentication | null,
    id: string,
    query: Record<string, unknown>,
  ): Promise<HistoricDecisionInstanceDto> {
    const flags = parseGetQuery(HISTORIC_DECISION_INSTANCE_QUERY, query, false).filters;
    const found = await this.rows.one(auth, id, flags);
    if (!found) throw notFound(`Historic decision instance with id '${id}' does not exist`);
    return found;
  }

  /** The ids given and those the query finds among the instances the caller may read (Camunda takes both). */
  private async selection(
    auth: Authentication | null,
    ids: Array<string | null> | null | undefined,
    query: Record<string, unknown> | null | undefined,
  ) {
    const selected: Array<string | null> = [...(ids ?? [])];
    if (query != null) {
      const q = parsePostQuery(HISTORIC_DECISION_INSTANCE_QUERY, query, {}, false);
      const found = await this.rows.read(auth, (qb) =>
        applyFilters(qb, HISTORIC_DECISION_INSTANCE_QUERY, q).select('h.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of found) selected.push(r.id);
    }
    return selected;
  }

  /** historyService.deleteHistoricDecisionInstancesAsync: a historic-decision-instance-deletion batch. */
  async deleteAsync(auth: Authentication | null, dto: DeleteHistoricDecisionInstancesDto): Promise<BatchDto> {
    const ids = await this.selection(auth, dto.historicDecisionInstanceIds, dto.historicDecisionInstanceQuery);
    return toBatchDto(await this.engine.batches.deleteHistoricDecisionInstancesAsync(auth, ids));
  }

  /** historyService.setRemovalTimeToHistoricDecisionInstances().executeAsync(): a decision-set-removal-time batch. */
  async setRemovalTimeAsync(
    auth: Authentication | null,
    dto: SetRemovalTimeToHistoricDecisionInstancesDto,
  ): Promise<BatchDto> {
    const request = removalTimeRequest(dto);
    if (dto.historicDecisionInstanceIds == null && dto.historicDecisionInstanceQuery == null)
      throw new RestError(400, 'Neither query nor ids provided.');
    const ids = await this.selection(auth, dto.historicDecisionInstanceIds, dto.historicDecisionInstanceQuery);
    return toBatchDto(
      await this.engine.batches.setDecisionRemovalTimeAsync(auth, ids, request, dto.hierarchical === true),
    );
  }

  /** Evaluations per decision of a decision requirements definition (optionally of one evaluation). */
  async drdStatistics(
    auth: Authentication | null,
    drdId: string,
    decisionInstanceId?: string,
  ): Promise<Array<{ decisionDefinitionKey: string; evaluations: number }>> {
    return this.engine.tx.read(async (em) => {
      const drd = await em.getRepository(DecisionRequirementsDefinitionEntity).findOneBy({ id: drdId });
      if (!drd) throw new RestError(400, `No decision requirements definition found with id '${drdId}'`);
      await this.engine.authorizationChecker.check(em, auth, [
        { permission: 'READ', resource: Resources.DECISION_REQUIREMENTS_DEFINITION, resourceId: drd.key },
      ]);
      const qb = em
        .getRepository(HistoricDecisionInstanceEntity)
        .createQueryBuilder('h')
        .select('h.decisionDefinitionKey', 'decisionDefinitionKey')
        .addSelect('COUNT(h.id)', 'evaluations')
        .where('h.decisionRequirementsDefinitionId = :drdId', { drdId })
        .groupBy('h.decisionDefinitionKey')
        .orderBy('h.decisionDefinitionKey');
      if (decisionInstanceId) qb.andWhere('(h.id = :di OR h.rootDecisionInstanceId = :di)', { di: decisionInstanceId });
      const rows = await qb.getRawMany<{ decisionDefinitionKey: string; evaluations: string | number }>();
      return rows.map((r) => ({ decisionDefinitionKey: r.decisionDefinitionKey, evaluations: Number(r.evaluations) }));
    });
  }

  private report(em: EntityManager, auth: Authentication | null, q: ParsedQuery) {
    const qb = cleanableReportQuery(
      em,
      DecisionDefinitionEntity,
      HistoricDecisionInstanceEntity,
      'h.decisionDefinitionId = d.id',
      this.engine.options.clock(),
    );
    applyFilters(qb, CLEANABLE_DECISION_REPORT_QUERY, q);
    if (q.filters.compact === true) qb.having('COUNT(h.id) > 0');
    return this.engine.authorizationChecker
      .restrictQuery(em, qb, auth, 'READ_HISTORY', Resources.DECISION_DEFINITION, 'd.key')
      .then(() => qb);
  }

  async cleanableReport(auth: Authentication | null, q: ParsedQuery) {
    checkMaxResults(q, this.engine.options.queryMaxResultsLimit);
    return this.engine.tx.read(async (em) => {
      const qb = await this.report(em, auth, q);
      applyOrderAndPaging(qb, CLEANABLE_DECISION_REPORT_QUERY, q);
      const rows = await qb.getRawMany<Record<string, unknown>>();
      return rows.map((r) => ({
        decisionDefinitionId: r.id,
        decisionDefinitionKey: r.key,
        decisionDefinitionName: r.name,
        decisionDefinitionVersion: Number(r.version),
        historyTimeToLive: r.ttl == null ? null : Number(r.ttl),
        finishedDecisionInstanceCount: Number(r.finished),
        cleanableDecisionInstanceCount: Number(r.cleanable ?? 0),
        tenantId: r.tenantId ?? null,
      }));
    });
  }

  async cleanableReportCount(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return this.engine.tx.read(async (em) => {
      const qb = await this.report(em, auth, q);
      return { count: (await qb.getRawMany()).length };
    });
  }
}
