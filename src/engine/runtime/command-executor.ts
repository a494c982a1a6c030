import { AsyncLocalStorage } from 'node:async_hooks';
import { Authentication } from '../authorization/authentication';
import { CommandContext, RuntimeDeps } from '../bpmn/runtime/command-context';
import { Transactions } from '../command/transactions';
import { OptimisticLockingError } from '../errors';
import { Command } from './command';

const MAX_ATTEMPTS = 8;

/**
 * Runs commands: each in one transaction with a fresh CommandContext that flushes once. A command
 * that loses an optimistic-locking race is run again from scratch (new transaction, fresh reads),
 * so that two concurrent completions in one instance both take effect and a join is never lost.
 * A command started inside another one joins its context; inside somebody else's transaction it
 * cannot start over, so there the conflict goes to the caller.
 */
export class CommandExecutor {
  private readonly current = new AsyncLocalStorage<CommandContext>();
  /** How often a command lost an optimistic-locking race and ran again (for monitoring and tests). */
  retries = 0;

  constructor(
    private readonly tx: Transactions,
    private readonly deps: RuntimeDeps,
  ) {}

  async execute<T>(auth: Authentication | null, command: Command<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return command.execute(outer);
    const joinsOuterTransaction = await this.tx.read(async (em) => em.queryRunner?.isTransactionActive === true);
    for (let attempt = 1; ; attempt++) {
      let ctx: CommandContext | null = null;
      try {
        const result = await this.tx.write((em) => {
          const context = new CommandContext(this.deps, em, auth);
          ctx = context;
          return this.current.run(context, async () => {
            const value = await command.execute(context);
            await context.flush();
            return value;
          });
        });
        (ctx as CommandContext | null)?.committed();
        return result;
      } catch (err) {
        if (!(err instanceof OptimisticLockingError) || joinsOuterTransaction || attempt >= MAX_ATTEMPTS) throw err;
        this.retries++;
        // A little jitter keeps two retrying commands from colliding in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  /** Read-only work with a CommandContext (loading, variables); nothing is written. */
  async read<T>(auth: Authentication | null, command: Command<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return command.execute(outer);
    return this.tx.read((em) => command.execute(new CommandContext(this.deps, em, auth)));
  }
}
