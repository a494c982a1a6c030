import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { deleteWhereStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';
import { idChunks } from '../history/process-history-tables';

/**
 * The one place that writes executions (Camunda's ExecutionManager): the rows of loaded trees are watched, new ones
 * inserted, ended ones deleted, all through the command's unit of work. Every change to a process instance bumps its
 * root's revision, so that two commands on one instance collide on their first write (the loser runs again). The
 * tree itself (parents, children, what each execution does) is the BPMN runtime's; this manager only sees rows.
 */
export class ExecutionManager {
  constructor(private readonly ctx: CommandContext) {}

  /** The rows of a tree the command loaded: changes to their columns are written at flush. */
  adopt(rows: readonly ExecutionEntity[]): void {
    for (const row of rows) this.ctx.uow.track(ExecutionEntity, row);
  }

  /** The root of a process instance started in this command. */
  insertRoot(root: ExecutionEntity): void {
    this.ctx.uow.insert(ExecutionEntity, root);
  }

  /** A new execution in the instance of `root`: by default a child of the root that inherits its facts. */
  create(root: ExecutionEntity, fields: Partial<ExecutionEntity>): ExecutionEntity {
    const execution = Object.assign(new ExecutionEntity(), {
      id: newId(),
      rev: 1,
      rootProcessInstanceId: root.rootProcessInstanceId,
      processInstanceId: root.id,
      businessKey: null,
      parentId: root.id,
      processDefinitionId: root.processDefinitionId,
      processDefinitionKey: root.processDefinitionKey,
      superExecutionId: null,
      activityId: null,
      activityInstanceId: null,
      isActive: true,
      isConcurrent: false,
      isScope: false,
      isEventScope: false,
      suspensionState: root.suspensionState,
      sequenceCounter: 1,
      tenantId: root.tenantId,
      startTime: this.ctx.now(),
      ...fields,
    });
    this.ctx.uow.insert(ExecutionEntity, execution);
    this.touch(root);
    return execution;
  }

  /** An execution that ends (the root too, when its instance ends). */
  remove(root: ExecutionEntity, execution: ExecutionEntity): void {
    this.ctx.uow.delete(ExecutionEntity, execution);
    this.touch(root);
  }

  /** Every command that changes an instance bumps the root's revision: concurrent commands on it collide. */
  touch(root: ExecutionEntity): void {
    if (!this.ctx.uow.isNew(root)) this.ctx.uow.bump(root);
  }

  /** The next value of the instance's sequence counter (Camunda's order of events within an instance). */
  nextSequence(root: ExecutionEntity): number {
    root.sequenceCounter = Number(root.sequenceCounter ?? 0) + 1;
    this.touch(root);
    return root.sequenceCounter;
  }

  /** Instances called from execution `from` are called from `to` from now on (the tree was compacted). */
  repoint(from: string, to: string): void {
    this.ctx.uow.sql((em) => [
      updateWhereStatement(em, ExecutionEntity, { superExecutionId: to }, { superExecutionId: from }),
    ]);
  }

  /**
   * Suspends (2) or activates (1) whole process instances: each root row revision-checked (a command working on the
   * instance meanwhile conflicts), the other executions of the instances in one statement per chunk.
   */
  setSuspensionOfInstances(roots: ExecutionEntity[], suspensionState: number): void {
    if (!roots.length) return;
    for (const root of roots) {
      this.ctx.uow.track(ExecutionEntity, root).suspensionState = suspensionState;
      this.touch(root);
    }
    const ids = roots.map((r) => r.id);
    this.ctx.uow.sql(() =>
      idChunks(ids).map((part) => ({
        sql: `UPDATE act_ru_execution SET suspension_state = ?, rev = rev + 1 WHERE proc_inst_id IN (${part.map(() => '?').join(', ')}) AND id <> proc_inst_id`,
        params: [suspensionState, ...part],
      })),
    );
  }

  /** The rows of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
  purgeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) =>
        deleteWhereStatement(em, ExecutionEntity, { processInstanceId: part }),
      ),
    );
  }
}
