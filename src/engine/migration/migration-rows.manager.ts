import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricIncidentEntity } from '../../persistence/entities/history/historic-incident.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { HistoricVariableInstanceEntity } from '../../persistence/entities/history/historic-variable-instance.entity';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import {
  deleteWhereStatement,
  SqlStatement,
  updateRowsByIdStatements,
  updateWhereStatement,
} from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';

type Changes<T> = Map<string, Partial<T>>;

/**
 * The rows of a migrated process instance that the runtime does not hold in memory: its jobs, event subscriptions
 * and incidents, and its history, moved to the target definition (Camunda's migrating instances each update their
 * own entity). Executions, tasks, external tasks and variables are the runtime's loaded rows and change in place.
 */
export class MigrationRowsManager {
  constructor(private readonly ctx: CommandContext) {}

  updateJobs(changes: Changes<JobEntity>): void {
    this.byId(JobEntity, changes);
  }

  updateSubscriptions(changes: Changes<EventSubscriptionEntity>): void {
    this.byId(EventSubscriptionEntity, changes);
  }

  /** Incidents and their historic rows (same ids). */
  updateIncidents(changes: Changes<IncidentEntity>): void {
    this.byId(IncidentEntity, changes);
    const historic = new Map<string, Partial<HistoricIncidentEntity>>();
    for (const [id, c] of changes) historic.set(id, c as Partial<HistoricIncidentEntity>);
    this.byId(HistoricIncidentEntity, historic);
  }

  /** Boundary events and event sub-processes the target no longer has: their waiting rows go. */
  deleteJobs(ids: string[]): void {
    if (ids.length) this.ctx.uow.sql((em) => [deleteWhereStatement(em, JobEntity, { id: ids })]);
  }

  deleteSubscriptions(ids: string[]): void {
    if (ids.length) this.ctx.uow.sql((em) => [deleteWhereStatement(em, EventSubscriptionEntity, { id: ids })]);
  }

  /** The instance's history follows it: the instance, its running activity instances, its tasks and variables. */
  migrateHistory(
    processInstanceId: string,
    definition: { id: string; key: string },
    activityInstances: Changes<HistoricActivityInstanceEntity>,
    tasks: Changes<HistoricTaskInstanceEntity>,
  ): void {
    const moved = { processDefinitionId: definition.id, processDefinitionKey: definition.key };
    this.ctx.uow.sql((em) =>
      [
        updateWhereStatement(em, HistoricProcessInstanceEntity, moved, { id: processInstanceId }),
        updateWhereStatement(em, HistoricVariableInstanceEntity, moved, { processInstanceId }),
      ].filter((s): s is SqlStatement => s != null),
    );
    this.byId(HistoricActivityInstanceEntity, activityInstances);
    this.byId(HistoricTaskInstanceEntity, tasks);
  }

  private byId<T extends { id: string }>(cls: new () => T, changes: Changes<T>): void {
    if (changes.size) this.ctx.uow.sql((em) => updateRowsByIdStatements(em, cls, changes));
  }
}
