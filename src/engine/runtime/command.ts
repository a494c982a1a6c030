import type { CommandContext } from '../bpmn/runtime/command-context';

/** One engine operation, run inside one CommandContext (one transaction, one flush). */
export interface Command<T> {
  execute(ctx: CommandContext): Promise<T>;
}
