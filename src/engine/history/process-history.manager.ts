import { EntityManager } from 'typeorm';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { HistoricVariableInstanceEntity } from '../../persistence/entities/history/historic-variable-instance.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { CommandContext } from '../command/command-context';
import type { UnitOfWork } from '../command/unit-of-work';
import { HistoryLevel } from '../options';
import { newId } from '../util/ids';
import { isSqlite } from '../../persistence/dialect';
import {
  deleteWhereStatement,
  SqlStatement,
  sqlParam,
  updateRowsByIdStatements,
  updateRowStatement,
  updateWhereStatement,
} from '../../persistence/raw-rows';
import { DecisionHistoryManager } from './decision-history.manager';
import { HistoryLogManager } from './history-log.manager';
import {
  idChunks,
  NOTE_TABLES,
  PROCESS_HISTORY_TABLES,
  ProcessHistoryRow,
  ProcessHistoryScope,
  scopeColumns,
  scopeIds,
} from './process-history-tables';
import { TaskHistoryManager } from './task-history.manager';

const DAY_MS = 24 * 60 * 60 * 1000;

/** ACT_INST_STATE_ values. */
export const ActivityInstanceState = { DEFAULT: 0, SCOPE_COMPLETE: 1, CANCELED: 2 } as const;

export type ProcessInstanceEndState = 'COMPLETED' | 'EXTERNALLY_TERMINATED' | 'INTERNALLY_TERMINATED';

export interface ActivityStart {
  activityInstanceId: string;
  parentActivityInstanceId: string;
  activityId: string;
  activityName: string | null;
  activityType: string;
  execution: ExecutionEntity;
  processDefinitionKey: string | null;
  /** Orders activity instances of one process instance (history's `occurrence`). */
  sequenceCounter: number;
}

export interface ActivityEnd {
  state?: number;
  /** Set for user tasks when they end (the assignee at completion). */
  assignee?: string | null;
}

interface PendingEnd extends ActivityEnd {
  id: string;
}

/** The value columns and revision a historic variable instance takes over from its runtime variable. */
type VariableValues = Pick<
  HistoricVariableInstanceEntity,
  'type' | 'textValue' | 'text2Value' | 'longValue' | 'doubleValue' | 'bytesValue' | 'revision'
>;

/**
 * Writes process history through the command's unit of work: historic process instances, one
 * historic activity instance per activity entered (level activity and above), historic variable
 * instances (audit and full) and variable updates as historic details (audit and full). Activity
 * instances started and ended in one command are inserted in their final state; those started
 * earlier are ended by id with one read at flush. Task instances have a manager of their own; incidents
 * write theirs in the incident manager. The runtime reaches it as `ctx.history`.
 */
export class ProcessHistoryManager {
  private readonly started = new Map<string, HistoricActivityInstanceEntity>();
  private readonly pendingEnds = new Map<string, PendingEnd>();
  /** Historic variable instances inserted in this command, by variable id: later changes go into the insert. */
  private readonly variablesCreated = new Map<string, HistoricVariableInstanceEntity>();
  /** Changes of variables created in earlier commands, by variable id: written together at flush. */
  private readonly variablesChanged = new Map<string, Partial<HistoricVariableInstanceEntity>>();
  private readonly uow: UnitOfWork;
  private readonly level: HistoryLevel;
  readonly tasks: TaskHistoryManager;

  constructor(private readonly ctx: CommandContext) {
    this.uow = ctx.uow;
    this.level = ctx.deps.historyLevel ?? 'none';
    this.tasks = ctx.manager(TaskHistoryManager);
  }

  private now(): Date {
    return this.ctx.now();
  }

  get activityEnabled(): boolean {
    return this.level !== 'none';
  }

  get detailEnabled(): boolean {
    return this.level === 'audit' || this.level === 'full';
  }

  processInstanceStarted(
    root: ExecutionEntity,
    opts: { startUserId: string | null; startActivityId: string | null; superProcessInstanceId: string | null },
  ): void {
    if (!this.activityEnabled) return;
    this.uow.insert(
      HistoricProcessInstanceEntity,
      Object.assign(new HistoricProcessInstanceEntity(), {
        id: root.id,
        processInstanceId: root.id,
        businessKey: root.businessKey,
        processDefinitionKey: root.processDefinitionKey,
        processDefinitionId: root.processDefinitionId,
        startTime: root.startTime ?? this.now(),
        endTime: null,
        removalTime: null,
        durationInMillis: null,
        startUserId: opts.startUserId,
        startActivityId: opts.startActivityId,
        endActivityId: null,
        superProcessInstanceId: opts.superProcessInstanceId,
        rootProcessInstanceId: root.rootProcessInstanceId,
        deleteReason: null,
        tenantId: root.tenantId,
        state: 'ACTIVE',
      }),
    );
  }

  /**
   * The end of a process instance. A root instance whose definition has a history time to live gets its removal time:
   * end + time to live (Camunda's removal-time strategy `end`), in the same statement. The rows below it keep theirs
   * empty and go with their root in the history cleanup, which keeps the end of an instance at its statement count.
   */
  processInstanceEnded(
    root: ExecutionEntity,
    state: ProcessInstanceEndState,
    endActivityId: string | null,
    deleteReason: string | null,
    historyTimeToLive: number | null = null,
  ): void {
    if (!this.activityEnabled) return;
    const end = this.now();
    const start = root.startTime ?? end;
    const isRoot = (root.rootProcessInstanceId ?? root.id) === root.id;
    const removalTime =
      isRoot && historyTimeToLive != null ? new Date(end.getTime() + historyTimeToLive * DAY_MS) : null;
    const values = {
      endTime: end,
      durationInMillis: end.getTime() - start.getTime(),
      endActivityId,
      state,
      deleteReason,
      ...(removalTime ? { removalTime } : {}),
    };
    this.uow.sql((em) => [updateRowStatement(em, HistoricProcessInstanceEntity, root.id, null, values)]);
  }

  activityStarted(start: ActivityStart): HistoricActivityInstanceEntity | null {
    if (!this.activityEnabled) return null;
    const e = start.execution;
    const row = Object.assign(new HistoricActivityInstanceEntity(), {
      id: start.activityInstanceId,
      parentActivityInstanceId: start.parentActivityInstanceId,
      processDefinitionKey: start.processDefinitionKey,
      processDefinitionId: e.processDefinitionId,
      rootProcessInstanceId: e.rootProcessInstanceId,
      processInstanceId: e.processInstanceId,
      executionId: e.id,
      activityId: start.activityId,
      taskId: null,
      calledProcessInstanceId: null,
      calledCaseInstanceId: null,
      activityName: start.activityName,
      activityType: start.activityType,
      assignee: null,
      startTime: this.now(),
      endTime: null,
      durationInMillis: null,
      activityInstanceState: ActivityInstanceState.DEFAULT,
      sequenceCounter: start.sequenceCounter,
      tenantId: e.tenantId,
      removalTime: null,
    });
    this.started.set(row.id, row);
    this.uow.insert(HistoricActivityInstanceEntity, row);
    return row;
  }

  /** The row of an activity instance started in this command (to add task or called instance ids). */
  startedInThisCommand(activityInstanceId: string): HistoricActivityInstanceEntity | undefined {
    return this.started.get(activityInstanceId);
  }

  /** Records facts about an activity instance that may have started in an earlier command. */
  activityUpdated(
    activityInstanceId: string,
    values: Partial<
      Pick<HistoricActivityInstanceEntity, 'assignee' | 'taskId' | 'calledProcessInstanceId' | 'executionId'>
    >,
  ): void {
    if (!this.activityEnabled) return;
    const row = this.started.get(activityInstanceId);
    if (row) Object.assign(row, values);
    else
      this.uow.sql((em) => [updateRowStatement(em, HistoricActivityInstanceEntity, activityInstanceId, null, values)]);
  }

  activityEnded(activityInstanceId: string, end: ActivityEnd = {}): void {
    if (!this.activityEnabled) return;
    const row = this.started.get(activityInstanceId);
    if (row) {
      if (row.endTime) return;
      const now = this.now();
      Object.assign(row, {
        endTime: now,
        durationInMillis: now.getTime() - row.startTime.getTime(),
        activityInstanceState: end.state ?? ActivityInstanceState.DEFAULT,
        ...(end.assignee !== undefined ? { assignee: end.assignee } : {}),
      });
      return;
    }
    if (!this.pendingEnds.size) this.uow.sql((em) => this.endStatements(em));
    if (!this.pendingEnds.has(activityInstanceId))
      this.pendingEnds.set(activityInstanceId, { id: activityInstanceId, ...end });
  }

  variableUpdated(
    variable: VariableEntity,
    execution: ExecutionEntity | null,
    processDefinitionKey: string | null,
    initial: boolean,
  ): void {
    if (!this.detailEnabled) return;
    this.variableInstanceWritten(variable, execution, processDefinitionKey);
    this.uow.insert(
      HistoricDetailEntity,
      Object.assign(new HistoricDetailEntity(), {
        id: newId(),
        detailType: 'VariableUpdate',
        processDefinitionKey,
        processDefinitionId: variable.processDefinitionId,
        rootProcessInstanceId: execution?.rootProcessInstanceId ?? variable.processInstanceId,
        processInstanceId: variable.processInstanceId,
        executionId: variable.executionId,
        taskId: variable.taskId,
        activityInstanceId: execution?.activityInstanceId ?? null,
        variableInstanceId: variable.id,
        variableName: variable.name,
        revision: variable.rev - 1,
        time: this.now(),
        sequenceCounter: null,
        tenantId: variable.tenantId,
        userOperationId: null,
        removalTime: null,
        initial,
        type: variable.type,
        textValue: variable.textValue,
        text2Value: variable.text2Value,
        longValue: variable.longValue,
        doubleValue: variable.doubleValue,
        bytesValue: variable.bytesValue,
      }),
    );
  }

  /** Camunda's VARIABLE_INSTANCE_CREATE and _UPDATE: the row is the variable's last value, its id the variable's. */
  private variableInstanceWritten(
    variable: VariableEntity,
    execution: ExecutionEntity | null,
    processDefinitionKey: string | null,
  ): void {
    const values: VariableValues = {
      type: variable.type,
      textValue: variable.textValue,
      text2Value: variable.text2Value,
      longValue: variable.longValue,
      doubleValue: variable.doubleValue,
      bytesValue: variable.bytesValue,
      revision: variable.rev,
    };
    const created = this.variablesCreated.get(variable.id);
    if (created) {
      Object.assign(created, values, { state: 'CREATED' });
    } else if (variable.rev > 1) {
      this.changeVariableInstance(variable.id, { ...values, state: 'CREATED' });
    } else {
      const row = Object.assign(new HistoricVariableInstanceEntity(), {
        id: variable.id,
        processDefinitionKey,
        processDefinitionId: variable.processDefinitionId,
        rootProcessInstanceId: execution?.rootProcessInstanceId ?? variable.processInstanceId,
        processInstanceId: variable.processInstanceId,
        executionId: variable.executionId,
        activityInstanceId: execution?.activityInstanceId ?? null,
        taskId: variable.taskId,
        name: variable.name,
        createTime: this.now(),
        tenantId: variable.tenantId,
        state: 'CREATED',
        removalTime: null,
        ...values,
      });
      this.variablesCreated.set(variable.id, row);
      this.uow.insert(HistoricVariableInstanceEntity, row);
    }
  }

  /** Camunda's VARIABLE_INSTANCE_DELETE: the row stays, as DELETED (a scope that ends keeps its rows CREATED). */
  variableDeleted(variable: VariableEntity): void {
    if (!this.detailEnabled) return;
    const created = this.variablesCreated.get(variable.id);
    if (created) created.state = 'DELETED';
    else this.changeVariableInstance(variable.id, { state: 'DELETED' });
  }

  private changeVariableInstance(id: string, values: Partial<HistoricVariableInstanceEntity>): void {
    const pending = this.variablesChanged.get(id);
    if (pending) {
      Object.assign(pending, values);
      return;
    }
    // All changes of the command in one statement at flush, with each variable's last values: no statement per
    // variable.
    if (!this.variablesChanged.size) {
      this.uow.sql((em) => {
        const changes = new Map(this.variablesChanged);
        this.variablesChanged.clear();
        return updateRowsByIdStatements(em, HistoricVariableInstanceEntity, changes);
      });
    }
    this.variablesChanged.set(id, { ...values });
  }

  /**
   * Removes the history of the scope, the historic process instances too: the decisions they evaluated first (unless
   * `withDecisions` is false; their inputs and outputs before them), then the rows recorded under the instances and
   * their logs, the instances last.
   */
  removeHistory(scope: ProcessHistoryScope, options: { withDecisions: boolean } = { withDecisions: true }): void {
    const ids = scopeIds(scope);
    if (!ids.length) return;
    if (options.withDecisions) this.ctx.manager(DecisionHistoryManager).removeOfProcesses(scope);
    this.uow.sql((em) =>
      PROCESS_HISTORY_TABLES.flatMap((table) =>
        idChunks(ids).map((part) => deleteWhereStatement<ProcessHistoryRow>(em, table, scopeColumns(scope, part))),
      ),
    );
    const logs = this.ctx.manager(HistoryLogManager);
    if ('processInstanceIds' in scope) logs.removeOfInstances(ids);
    else logs.removeUnderRoots(ids);
    this.uow.sql((em) =>
      idChunks(ids).flatMap((part) => [
        deleteWhereStatement(em, HistoricProcessInstanceEntity, scopeColumns(scope, part)),
        deleteWhereStatement(em, HistoricProcessInstanceEntity, { id: part }),
      ]),
    );
  }

  /**
   * The history of process definitions that go (a deployment deleted with cascade): the comments and attachments of
   * their ended instances first (they carry no definition), their logs, every row recorded under their instances, the
   * historic instances last.
   */
  removeOfDefinitions(processDefinitionIds: string[]): void {
    if (!processDefinitionIds.length) return;
    this.uow.sql(() =>
      ['act_hi_comment', 'act_hi_attachment'].flatMap((table) =>
        idChunks(processDefinitionIds).map((part) => ({
          sql:
            `DELETE FROM ${table} WHERE proc_inst_id IN ` +
            `(SELECT h.id FROM act_hi_procinst h WHERE h.proc_def_id IN (${part.map(() => '?').join(', ')}))`,
          params: part,
        })),
      ),
    );
    this.ctx.manager(HistoryLogManager).removeOfDefinitions(processDefinitionIds);
    this.uow.sql((em) =>
      [...PROCESS_HISTORY_TABLES.filter((t) => !NOTE_TABLES.includes(t)), HistoricProcessInstanceEntity].flatMap(
        (table) =>
          idChunks(processDefinitionIds).map((part) =>
            // Every table but the notes' has proc_def_id (the filter above): the condition names it.
            deleteWhereStatement<ProcessHistoryRow & { processDefinitionId: string | null }>(
              em,
              table as new () => ProcessHistoryRow & { processDefinitionId: string | null },
              { processDefinitionId: part },
            ),
          ),
      ),
    );
  }

  /** Running instances suspended or activated: their historic rows say so (Camunda's process instance update event). */
  setInstanceState(processInstanceIds: string[], state: 'ACTIVE' | 'SUSPENDED'): void {
    if (!this.activityEnabled || !processInstanceIds.length) return;
    this.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) =>
        updateWhereStatement(em, HistoricProcessInstanceEntity, { state }, { id: part }),
      ),
    );
  }

  /** Gives the history of the scope (historic process instances, decisions evaluated by them included) one removal time. */
  setRemovalTime(scope: ProcessHistoryScope, removalTime: Date | null): void {
    const ids = scopeIds(scope);
    if (!ids.length) return;
    this.uow.sql((em) => [
      ...idChunks(ids).flatMap((part) => [
        updateWhereStatement(em, HistoricProcessInstanceEntity, { removalTime }, scopeColumns(scope, part)),
        updateWhereStatement(em, HistoricProcessInstanceEntity, { removalTime }, { id: part }),
      ]),
      ...PROCESS_HISTORY_TABLES.flatMap((table) =>
        idChunks(ids).map((part) =>
          updateWhereStatement<ProcessHistoryRow>(em, table, { removalTime }, scopeColumns(scope, part)),
        ),
      ),
    ]);
    this.ctx.manager(HistoryLogManager).setRemovalTime(scope, removalTime);
    this.ctx.manager(DecisionHistoryManager).setRemovalTimeOfProcesses(scope, removalTime);
  }

  /** historyService.deleteHistoricVariableInstance: the row and the details recorded for the variable. */
  removeVariableInstance(id: string): void {
    this.uow.sql((em) => [
      deleteWhereStatement(em, HistoricDetailEntity, { variableInstanceId: id }),
      deleteWhereStatement(em, HistoricVariableInstanceEntity, { id }),
    ]);
  }

  /** historyService.deleteHistoricVariableInstancesByProcessInstanceId: the instance's variables and their details. */
  removeVariablesOfInstance(processInstanceId: string): void {
    this.uow.sql((em) => [
      deleteWhereStatement(em, HistoricDetailEntity, { processInstanceId }),
      deleteWhereStatement(em, HistoricVariableInstanceEntity, { processInstanceId }),
    ]);
  }

  /** Rows of the historic process instance table or of a table under it, by id (the history cleanup). */
  removeRows(
    table: (typeof PROCESS_HISTORY_TABLES)[number] | typeof HistoricProcessInstanceEntity,
    ids: string[],
  ): void {
    if (!ids.length) return;
    this.uow.sql((em) => idChunks(ids).map((part) => deleteWhereStatement<ProcessHistoryRow>(em, table, { id: part })));
  }

  /** At the end of the command: rows started in it are its own again in the next one. */
  flush(): void {
    this.variablesCreated.clear();
  }

  /**
   * Ends the activity instances of earlier commands: one statement per kind of end, the duration
   * computed by the database from the stored start time (no read first).
   */
  private endStatements(em: EntityManager): SqlStatement[] {
    const groups = new Map<string, PendingEnd[]>();
    for (const p of this.pendingEnds.values()) {
      const key = JSON.stringify([
        p.state ?? ActivityInstanceState.DEFAULT,
        p.assignee === undefined ? '\u0000keep' : p.assignee,
      ]);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push(p);
    }
    this.pendingEnds.clear();
    const end = sqlParam(em, this.now());
    const duration = isSqlite(em)
      ? 'CAST(ROUND((julianday(?) - julianday(start_time)) * 86400000) AS INTEGER)'
      : 'TIMESTAMPDIFF(MICROSECOND, start_time, ?) DIV 1000';
    const out: SqlStatement[] = [];
    for (const group of groups.values()) {
      const { state, assignee } = group[0];
      const ids = group.map((p) => p.id);
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const sets = ['end_time = ?', `duration = ${duration}`, 'act_inst_state = ?'];
        const params: unknown[] = [end, end, state ?? ActivityInstanceState.DEFAULT];
        if (assignee !== undefined) {
          sets.push('assignee = ?');
          params.push(assignee);
        }
        out.push({
          sql: `UPDATE act_hi_actinst SET ${sets.join(', ')} WHERE id IN (${chunk.map(() => '?').join(', ')}) AND end_time IS NULL`,
          params: [...params, ...chunk],
        });
      }
    }
    return out;
  }
}
