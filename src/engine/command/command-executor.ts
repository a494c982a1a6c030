import { EntityManager } from 'typeorm';
import { Authentication } from './authentication';
import { OptimisticLockingError } from '../errors';
import { Command } from './command';
import { CommandContext } from './command-context';
import { ScopedStorage } from './scoped-storage';
import { Transactions } from './transactions';

/** Makes the context of one command; the process engine hands in the richest one it has. */
export type ContextFactory<C extends CommandContext> = (em: EntityManager, auth: Authentication | null) => C;

const MAX_ATTEMPTS = 8;

/**
 * Runs commands: each in one transaction with a fresh CommandContext that flushes once. A command
 * that loses an optimistic-locking race is run again from scratch (new transaction, fresh reads),
 * so that two concurrent completions in one instance both take effect and a join is never lost.
 * A command started inside another one joins its context; inside somebody else's transaction it
 * cannot start over, so there the conflict goes to the caller.
 */
export class CommandExecutor<C extends CommandContext = CommandContext> {
  private readonly current = new ScopedStorage<C>();
  /** How often a command lost an optimistic-locking race and ran again (for monitoring and tests). */
  retries = 0;
  /** Committed commands by class name, nested ones included (Camunda's telemetry `commands`). */
  readonly commandCounts = new Map<string, number>();

  constructor(
    readonly tx: Transactions,
    private readonly createContext: ContextFactory<C>,
  ) {}

  async execute<T>(auth: Authentication | null, command: Command<T, C>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) {
      outer.afterCommit(() => this.countCommand(command));
      return command.execute(outer);
    }
    const joinsOuterTransaction = this.tx.inTransaction();
    for (let attempt = 1; ; attempt++) {
      let ctx: C | null = null;
      try {
        const result = await this.tx.write((em) => {
          const context = this.createContext(em, auth);
          ctx = context;
          return this.current.run(context, async () => {
            const value = await command.execute(context);
            await context.flush();
            return value;
          });
        });
        this.countCommand(command);
        (ctx as C | null)?.committed();
        return result;
      } catch (err) {
        if (!(err instanceof OptimisticLockingError) || joinsOuterTransaction || attempt >= MAX_ATTEMPTS) throw err;
        this.retries++;
        // A little jitter keeps two retrying commands from colliding in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  private countCommand(command: object): void {
    const name = command.constructor.name;
    // Plain object commands (reads and small writes written inline) have no name to count them by.
    if (name === 'Object' || name === '') return;
    this.commandCounts.set(name, (this.commandCounts.get(name) ?? 0) + 1);
  }

  /** Lets go of the async context of commands once the commands running now have finished. */
  close(): void {
    this.current.close();
  }

  /** Read-only work with a CommandContext (loading, variables); nothing is written. */
  async read<T>(auth: Authentication | null, command: Command<T, C>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return command.execute(outer);
    return this.tx.read((em) => command.execute(this.createContext(em, auth)));
  }
}
