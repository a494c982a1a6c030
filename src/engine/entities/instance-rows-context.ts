import type { CommandContext, CommandDeps } from '../command/command-context';
import type { ProcessHistoryManager } from '../history/process-history.manager';

/**
 * The command context of the managers of rows that hang off process instances (tasks, external tasks): the generic
 * one, the command's process history, and a way to say that a row of an instance changed. The BPMN runtime's context
 * is one; the managers know no more of it than this.
 */
export interface InstanceRowsContext<D extends CommandDeps = CommandDeps> extends CommandContext<D> {
  readonly history: ProcessHistoryManager;
  /**
   * A row of this process instance was created, changed or deleted: when the command has loaded the instance, its
   * revision is bumped at flush, so that concurrent commands on the instance collide.
   */
  touchInstance(processInstanceId: string): void;
}
