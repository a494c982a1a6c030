import { EntityManager } from 'typeorm';
import { HistoricIncidentEntity, IncidentState } from '../../persistence/entities/history/historic-incident.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import type { UnitOfWork } from '../command/unit-of-work';

/** Which runtime incidents end: a condition over act_ru_incident as `r`, with its named parameters. */
export interface IncidentSelection {
  where: string;
  params: Record<string, unknown>;
}

/**
 * Historic incidents (history level full only, as Camunda's): a row when an incident opens, its end time and state
 * (resolved or deleted) when it goes. Ends are written in the statement that removes the runtime rows, just before
 * it, so that the same selection picks them; the definition key and root instance of new rows are looked up once
 * per flush, before the unit of work inserts them.
 */
export class IncidentHistoryWriter {
  private readonly opened: HistoricIncidentEntity[] = [];

  constructor(
    private readonly uow: UnitOfWork,
    readonly enabled: boolean,
    private readonly now: () => Date,
  ) {}

  incidentOpened(
    incident: IncidentEntity,
    known: { processDefinitionKey?: string | null; rootProcessInstanceId?: string | null } = {},
  ): void {
    if (!this.enabled) return;
    const row = Object.assign(new HistoricIncidentEntity(), {
      id: incident.id,
      processDefinitionKey: known.processDefinitionKey ?? null,
      processDefinitionId: incident.processDefinitionId,
      rootProcessInstanceId: known.rootProcessInstanceId ?? null,
      processInstanceId: incident.processInstanceId,
      executionId: incident.executionId,
      createTime: incident.incidentTimestamp,
      endTime: null,
      incidentMessage: incident.incidentMessage,
      incidentType: incident.incidentType,
      activityId: incident.activityId,
      failedActivityId: incident.failedActivityId,
      causeIncidentId: incident.causeIncidentId,
      rootCauseIncidentId: incident.rootCauseIncidentId,
      configuration: incident.configuration,
      historyConfiguration: null,
      incidentState: IncidentState.OPEN,
      tenantId: incident.tenantId,
      jobDefinitionId: incident.jobDefinitionId,
      annotation: incident.annotation,
      removalTime: null,
    });
    this.opened.push(row);
    this.uow.insert(HistoricIncidentEntity, row);
  }

  /** Part of a flush statement, before the runtime rows of `selection` are deleted. */
  async ended(em: EntityManager, selection: IncidentSelection, state: 'resolved' | 'deleted'): Promise<void> {
    if (!this.enabled) return;
    await endHistoricIncidents(em, selection, state, this.now());
  }

  annotationSet(id: string, annotation: string | null): void {
    if (this.enabled)
      this.uow.statement((em) => em.getRepository(HistoricIncidentEntity).update({ id }, { annotation }));
  }

  /** Fills in the definition key and root instance of the rows opened in this command: one read for all of them. */
  async prepare(em: EntityManager): Promise<void> {
    const missing = this.opened.filter(
      (r) => r.processInstanceId && (r.processDefinitionKey == null || r.rootProcessInstanceId == null),
    );
    this.opened.length = 0;
    if (!missing.length) return;
    const ids = [...new Set(missing.map((r) => r.processInstanceId!))];
    const rows: Array<{ id: string; root: string | null; k: string | null }> = await em.query(
      `SELECT e.id AS id, e.root_proc_inst_id AS root, d.\`key\` AS k FROM act_ru_execution e LEFT JOIN act_re_procdef d ON d.id = e.proc_def_id WHERE e.id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of missing) {
      const found = byId.get(row.processInstanceId!);
      row.processDefinitionKey ??= found?.k ?? null;
      row.rootProcessInstanceId ??= found?.root ?? row.processInstanceId;
    }
  }
}

/** Ends the open historic rows of the runtime incidents `selection` picks (whatever the level: no rows, no change). */
export async function endHistoricIncidents(
  em: EntityManager,
  selection: IncidentSelection,
  state: 'resolved' | 'deleted',
  end: Date,
): Promise<void> {
  await em
    .createQueryBuilder()
    .update(HistoricIncidentEntity)
    .set({ endTime: end, incidentState: state === 'resolved' ? IncidentState.RESOLVED : IncidentState.DELETED })
    .where(
      `incident_state = ${IncidentState.OPEN} AND id IN (SELECT r.id FROM act_ru_incident r WHERE ${selection.where})`,
      selection.params,
    )
    .execute();
}
