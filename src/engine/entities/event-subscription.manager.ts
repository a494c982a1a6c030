import { EntityManager } from 'typeorm';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { deleteWhereStatement, SqlStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';
import { idChunks } from '../history/process-history-tables';

/** What a new subscription is: everything but its id and revision; `created` defaults to now. */
export type SubscriptionFields = Omit<EventSubscriptionEntity, 'id' | 'rev' | 'created'> & { created?: Date };

const CHUNK = 400;

/**
 * The one place that writes event subscriptions (Camunda's EventSubscriptionManager): message, signal, conditional
 * and compensate subscriptions of executions, and the start subscriptions of deployed definitions. Subscriptions that
 * go are deleted by statements (by execution and activity, by execution, by instance), never loaded first: concurrent
 * consumers collide on the instance's revision instead. Rows of executions that end in this command go in one bulk
 * statement at flush, and a wait that ends on such an execution writes nothing of its own.
 */
export class EventSubscriptionManager {
  private readonly removedExecutions = new Set<string>();
  private pendingRemoval: string[] = [];

  constructor(private readonly ctx: CommandContext) {
    ctx.beforeFlush(() => this.deleteOfRemovedExecutions());
  }

  create(fields: SubscriptionFields): EventSubscriptionEntity {
    const subscription = Object.assign(new EventSubscriptionEntity(), {
      id: newId(),
      rev: 1,
      ...fields,
      created: fields.created ?? this.ctx.now(),
    });
    this.ctx.uow.insert(EventSubscriptionEntity, subscription);
    return subscription;
  }

  /** A subscription made in this command that is used up or gone already: it is never written. */
  forgetNew(subscription: EventSubscriptionEntity): void {
    if (this.ctx.uow.isNew(subscription)) this.ctx.uow.delete(EventSubscriptionEntity, subscription);
  }

  /** Subscriptions that go: the stored ones by one statement (new ones are never written, see `forgetNew`). */
  deleteStored(subscriptions: EventSubscriptionEntity[]): void {
    const ids = subscriptions.filter((s) => !this.ctx.uow.isNew(s)).map((s) => s.id);
    if (ids.length) this.ctx.uow.sql((em) => [deleteWhereStatement(em, EventSubscriptionEntity, { id: ids })]);
  }

  /** The subscriptions of one execution for some activities (a wait that is over). */
  deleteOfActivities(executionId: string, activityIds: string[]): void {
    this.ctx.uow.sql((em) =>
      // An execution that ended in this command loses all its rows by execution id later in the same flush.
      this.removedExecutions.has(executionId)
        ? []
        : [deleteWhereStatement(em, EventSubscriptionEntity, { executionId, activityId: activityIds })],
    );
  }

  /** The subscriptions of executions whose activities are cancelled. */
  deleteOfExecutions(executionIds: string[]): void {
    if (executionIds.length) this.ctx.uow.sql((em) => byExecutions(em, executionIds));
  }

  /** An execution that ends in this command: its subscriptions go with the others' in one statement at flush. */
  executionRemoved(executionId: string): void {
    this.removedExecutions.add(executionId);
    this.pendingRemoval.push(executionId);
  }

  deleteOfInstance(processInstanceId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, EventSubscriptionEntity, { processInstanceId })]);
  }

  /** The start subscriptions of process definitions (subscriptions without execution, configuration = definition). */
  deleteOfStartEvents(definitionIds: string[]): void {
    if (!definitionIds.length) return;
    this.ctx.uow.sql(() => [
      {
        sql:
          'DELETE FROM act_ru_event_subscr WHERE execution_id IS NULL ' +
          `AND configuration IN (${definitionIds.map(() => '?').join(', ')})`,
        params: definitionIds,
      },
    ]);
  }

  /** Subscriptions of execution `from` (only for some activities, if given) belong to `to` from now on. */
  repoint(from: string, to: string, activityIds?: string[]): void {
    this.ctx.uow.sql((em) => [
      updateWhereStatement(
        em,
        EventSubscriptionEntity,
        { executionId: to },
        activityIds ? { executionId: from, activityId: activityIds } : { executionId: from },
      ),
    ]);
  }

  private deleteOfRemovedExecutions(): void {
    const ids = this.pendingRemoval;
    if (!ids.length) return;
    this.pendingRemoval = [];
    this.ctx.uow.sql((em) => byExecutions(em, ids));
  }

  /** The rows of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
  purgeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) =>
        deleteWhereStatement(em, EventSubscriptionEntity, { processInstanceId: part }),
      ),
    );
  }
}

function byExecutions(em: EntityManager, ids: string[]): SqlStatement[] {
  const out: SqlStatement[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(deleteWhereStatement(em, EventSubscriptionEntity, { executionId: ids.slice(i, i + CHUNK) }));
  }
  return out;
}
