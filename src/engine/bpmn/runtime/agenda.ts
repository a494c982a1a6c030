import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ProcessEngineError } from '../../errors';
import type { RuntimeContext } from './runtime-context';
import type { AtomicOperation } from './atomic-operation';

/** Generous: a model that loops without a wait state must fail, not hang the process. */
const MAX_OPERATIONS = 200_000;

/**
 * The operations planned in one command (Camunda's agenda), a part of its context (`ctx.manager(Agenda)`): made on
 * first use, it runs what is left at flush, ahead of the managers' before-flush hooks.
 */
export class Agenda {
  private readonly queue: AtomicOperation[] = [];
  private head = 0;
  private readonly pending = new Map<ExecutionEntity, number>();
  private running = false;
  /** Async host code (listeners) started by the step in hand: finished before the next step runs. */
  private hostWork: Promise<unknown>[] = [];

  constructor(private readonly ctx: RuntimeContext) {
    ctx.pendingWork(() => this.run());
  }

  /** Host code that returned a promise: the command waits for it after the current step, and fails with it. */
  waitFor(work: PromiseLike<unknown>): void {
    const promise = Promise.resolve(work);
    promise.catch(() => undefined);
    this.hostWork.push(promise);
  }

  private async settleHostWork(): Promise<void> {
    while (this.hostWork.length) {
      const work = this.hostWork;
      this.hostWork = [];
      await Promise.all(work);
    }
  }

  plan(op: AtomicOperation): void {
    this.queue.push(op);
    this.pending.set(op.execution, (this.pending.get(op.execution) ?? 0) + 1);
  }

  /** Whether steps are still planned for an execution (it is not at rest). */
  hasPending(execution: ExecutionEntity): boolean {
    return (this.pending.get(execution) ?? 0) > 0;
  }

  /**
   * Variables a command brought in are seen by the conditional events of their scope before the token
   * moves on (Camunda dispatches variable events at once): settles them now, unless the agenda is
   * already running (then it settles them itself when idle).
   */
  async settleVariables(): Promise<void> {
    if (!this.running) await this.run();
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      let count = 0;
      do {
        while (this.head < this.queue.length) {
          const op = this.queue[this.head++];
          const left = (this.pending.get(op.execution) ?? 1) - 1;
          if (left > 0) this.pending.set(op.execution, left);
          else this.pending.delete(op.execution);
          if (!this.alive(op.execution)) continue;
          if (++count > MAX_OPERATIONS) {
            throw new ProcessEngineError(
              `The process instance ${op.execution.processInstanceId} did not reach a wait state after ${MAX_OPERATIONS} steps`,
            );
          }
          await this.ctx.deps.operations(this.ctx, op);
          if (this.hostWork.length) await this.settleHostWork();
        }
        // Idle: conditional events look at what changed; what they trigger runs in this same loop.
      } while (await this.ctx.deps.settleConditions(this.ctx));
    } finally {
      this.queue.length = 0;
      this.head = 0;
      this.pending.clear();
      this.hostWork = [];
      this.running = false;
    }
  }

  private alive(execution: ExecutionEntity): boolean {
    return this.ctx.instances.get(execution.processInstanceId)?.executions.get(execution.id) === execution;
  }
}
