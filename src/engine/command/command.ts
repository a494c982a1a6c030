import type { CommandContext } from './command-context';

/** One engine operation, run inside one CommandContext (one transaction, one flush). */
export interface Command<T, C extends CommandContext = CommandContext> {
  execute(ctx: C): Promise<T>;
}
