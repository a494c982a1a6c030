import { EntityManager } from 'typeorm';
import { HistoricIncidentEntity, IncidentState } from '../../persistence/entities/history/historic-incident.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import {
  deleteWhereStatement,
  SqlStatement,
  sqlParam,
  updateRowStatement,
  updateWhereStatement,
} from '../../persistence/raw-rows';
import { CommandContext, LoadedInstanceFacts } from '../command/command-context';
import { newId } from '../util/ids';
import { idChunks } from '../history/process-history-tables';

/** The incident types the engine opens itself; only new retries resolve them. */
export const INCIDENT_TYPE = { failedJob: 'failedJob', failedExternalTask: 'failedExternalTask' } as const;

export interface IncidentFields {
  type: string;
  message: string | null;
  executionId: string | null;
  activityId: string | null;
  failedActivityId?: string | null;
  processInstanceId: string | null;
  processDefinitionId: string | null;
  /** What the incident is about: the failed job's or external task's id, or the caller's text. */
  configuration: string | null;
  tenantId: string | null;
  jobDefinitionId?: string | null;
}

/** Which runtime incidents end: equality (or IN for arrays) on act_ru_incident's columns, by property name. */
type IncidentSelection = Partial<Record<keyof IncidentEntity & string, string | string[]>>;

/** How an incident goes: `resolved` (its cause was dealt with) or `deleted` (it went with its execution or job). */
export type IncidentEnd = 'resolved' | 'deleted';

function retriesLeft(retries: number | null): boolean {
  return retries == null || retries > 0;
}

/**
 * The one place that writes incidents (Camunda's IncidentManager and the incident part of its history event
 * producer): opening, resolving and removing every incident type, their annotations, moving them to the execution
 * that takes over, and their history (level full only, as Camunda's). All through the command's unit of work: written
 * in its one flush, rolled back with it. An ended incident's historic row is ended by the statement just before the
 * one that deletes the runtime rows, from the same selection; the definition key and root instance of historic rows
 * opened in this command are looked up once, before the flush, where the command has not loaded their instance.
 */
export class IncidentManager {
  private readonly historyEnabled: boolean;
  private readonly opened: HistoricIncidentEntity[] = [];

  constructor(private readonly ctx: CommandContext) {
    this.historyEnabled = ctx.deps.historyLevel === 'full';
    if (this.historyEnabled) ctx.beforeFlush(() => this.completeOpenedHistory());
  }

  open(f: IncidentFields): IncidentEntity {
    const id = newId();
    // A new incident is its own cause and root cause, as in Camunda.
    const incident = Object.assign(new IncidentEntity(), {
      id,
      rev: 1,
      incidentTimestamp: this.ctx.now(),
      incidentMessage: f.message,
      incidentType: f.type,
      executionId: f.executionId,
      activityId: f.activityId,
      failedActivityId: f.failedActivityId ?? f.activityId,
      processInstanceId: f.processInstanceId,
      processDefinitionId: f.processDefinitionId,
      causeIncidentId: id,
      rootCauseIncidentId: id,
      configuration: f.configuration,
      tenantId: f.tenantId,
      jobDefinitionId: f.jobDefinitionId ?? null,
      annotation: null,
    });
    this.ctx.uow.insert(IncidentEntity, incident);
    if (this.historyEnabled) this.openHistory(incident);
    return incident;
  }

  /** A user resolves one incident (a custom type: the engine's own go with new retries). */
  resolve(incident: IncidentEntity): void {
    if (this.historyEnabled) {
      const end = this.ctx.now();
      this.ctx.uow.sql((em) => [endHistoricIncidents(em, { id: incident.id }, 'resolved', end)]);
    }
    this.ctx.uow.delete(IncidentEntity, incident);
  }

  setAnnotation(incident: IncidentEntity, annotation: string | null): void {
    this.ctx.uow.track(IncidentEntity, incident).annotation = annotation;
    if (this.historyEnabled) {
      this.ctx.uow.sql((em) => [updateRowStatement(em, HistoricIncidentEntity, incident.id, null, { annotation })]);
    }
  }

  /** The engine's incidents about these jobs or external tasks: their retries came back, or they are gone. */
  endFor(type: string, configurations: string[], how: IncidentEnd = 'resolved'): void {
    if (configurations.length) this.end({ configuration: configurations, incidentType: type }, how);
  }

  /** The incidents of executions that end. */
  removeOfExecutions(executionIds: string[]): void {
    if (executionIds.length) this.end({ executionId: executionIds }, 'deleted');
  }

  /** The incidents of a whole process instance that ends. */
  removeOfInstance(processInstanceId: string): void {
    this.end({ processInstanceId }, 'deleted');
  }

  /** The incidents of the jobs of these job definitions (a batch that goes). */
  removeOfJobDefinitions(jobDefinitionIds: string[]): void {
    if (jobDefinitionIds.length) this.end({ jobDefinitionId: jobDefinitionIds }, 'deleted');
  }

  /** Moves incidents to the execution that takes over (tree expansion and compaction), optionally only some activities'. */
  repoint(from: string, to: string, activityIds?: string[]): void {
    this.ctx.uow.sql((em) => {
      const where = activityIds ? { executionId: from, activityId: activityIds } : { executionId: from };
      return [updateWhereStatement(em, IncidentEntity, { executionId: to }, where)];
    });
  }

  /**
   * Camunda's setRetriesAndManageIncidents for external tasks: running out of retries opens a failedExternalTask
   * incident (message = the task's last error message); getting retries back resolves it. Returns true when the task
   * became fetchable again (long polls may want to know).
   */
  setExternalTaskRetries(task: ExternalTaskEntity, retries: number): boolean {
    const before = retriesLeft(task.retries);
    task.retries = retries;
    if (before && retries <= 0) {
      this.open({
        type: INCIDENT_TYPE.failedExternalTask,
        message: task.errorMessage,
        executionId: task.executionId,
        activityId: task.activityId,
        processInstanceId: task.processInstanceId,
        processDefinitionId: task.processDefinitionId,
        configuration: task.id,
        tenantId: task.tenantId,
      });
      return false;
    }
    if (!before && retries > 0) {
      this.endFor(INCIDENT_TYPE.failedExternalTask, [task.id]);
      return true;
    }
    return false;
  }

  /** The same for jobs: a failedJob incident at zero retries, resolved when retries come back. */
  setJobRetries(job: JobEntity, retries: number): void {
    const before = job.retries;
    job.retries = retries;
    if (before > 0 && retries <= 0) {
      this.open({
        type: INCIDENT_TYPE.failedJob,
        message: job.exceptionMessage,
        executionId: job.executionId,
        activityId: job.activityId,
        failedActivityId: job.failedActivityId ?? job.activityId,
        processInstanceId: job.processInstanceId,
        processDefinitionId: job.processDefinitionId,
        configuration: job.id,
        tenantId: job.tenantId,
        jobDefinitionId: job.jobDefinitionId,
      });
    } else if (before <= 0 && retries > 0) {
      this.endFor(INCIDENT_TYPE.failedJob, [job.id]);
    }
  }

  private end(selection: IncidentSelection, how: IncidentEnd): void {
    const end = this.ctx.now();
    const historyEnabled = this.historyEnabled;
    this.ctx.uow.sql((em) => {
      const out: SqlStatement[] = [];
      if (historyEnabled) out.push(endHistoricIncidents(em, selection, how, end));
      out.push(deleteWhereStatement(em, IncidentEntity, selection));
      return out;
    });
  }

  private openHistory(incident: IncidentEntity): void {
    const known: LoadedInstanceFacts | undefined = incident.processInstanceId
      ? this.ctx.loadedInstance(incident.processInstanceId)
      : undefined;
    const row = Object.assign(new HistoricIncidentEntity(), {
      id: incident.id,
      processDefinitionKey: known?.processDefinitionKey ?? null,
      processDefinitionId: incident.processDefinitionId,
      rootProcessInstanceId: known?.rootProcessInstanceId ?? null,
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
    this.ctx.uow.insert(HistoricIncidentEntity, row);
  }

  /** The definition key and root instance of the historic rows opened in this command: one read for all of them. */
  private async completeOpenedHistory(): Promise<void> {
    const missing = this.opened.filter(
      (r) => r.processInstanceId && (r.processDefinitionKey == null || r.rootProcessInstanceId == null),
    );
    this.opened.length = 0;
    if (!missing.length) return;
    const ids = [...new Set(missing.map((r) => r.processInstanceId!))];
    const rows: Array<{ id: string; root: string | null; k: string | null }> = await this.ctx.em.query(
      `SELECT e.id AS id, e.root_proc_inst_id AS root, d.\`key\` AS k FROM act_ru_execution e ` +
        `LEFT JOIN act_re_procdef d ON d.id = e.proc_def_id WHERE e.id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of missing) {
      const found = byId.get(row.processInstanceId!);
      row.processDefinitionKey ??= found?.k ?? null;
      row.rootProcessInstanceId ??= found?.root ?? row.processInstanceId;
    }
  }

  /** The rows of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
  purgeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) => deleteWhereStatement(em, IncidentEntity, { processInstanceId: part })),
    );
  }
}

/** Column names of act_ru_incident for a selection by property names. */
function columnsOf(em: EntityManager, selection: IncidentSelection): Record<string, string | string[]> {
  const columns = em.connection.getMetadata(IncidentEntity).columns;
  const out: Record<string, string | string[]> = {};
  for (const [property, value] of Object.entries(selection)) {
    const column = columns.find((c) => c.propertyName === property);
    if (!column) throw new Error(`act_ru_incident has no column for ${property}`);
    out[column.databaseName] = value!;
  }
  return out;
}

function whereClause(
  em: EntityManager,
  alias: string,
  columns: Record<string, string | string[]>,
): { sql: string; params: unknown[] } {
  const escape = (name: string) => em.connection.driver.escape(name);
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [name, value] of Object.entries(columns)) {
    const column = `${alias}${escape(name)}`;
    if (Array.isArray(value)) {
      parts.push(value.length ? `${column} IN (${value.map(() => '?').join(', ')})` : '1 = 0');
      params.push(...value);
    } else {
      parts.push(`${column} = ?`);
      params.push(value);
    }
  }
  return { sql: parts.join(' AND '), params };
}

/** Ends the open historic rows of the runtime incidents `selection` picks (no rows at lower levels: no change). */
function endHistoricIncidents(
  em: EntityManager,
  selection: IncidentSelection,
  how: IncidentEnd,
  end: Date,
): SqlStatement {
  const condition = whereClause(em, 'r.', columnsOf(em, selection));
  const state = how === 'resolved' ? IncidentState.RESOLVED : IncidentState.DELETED;
  return {
    sql:
      `UPDATE act_hi_incident SET end_time = ?, incident_state = ? WHERE incident_state = ${IncidentState.OPEN} ` +
      `AND id IN (SELECT r.id FROM act_ru_incident r WHERE ${condition.sql})`,
    params: [sqlParam(em, end), state, ...condition.params],
  };
}
