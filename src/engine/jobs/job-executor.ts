import { newId } from '../util/ids';

export interface JobExecutorOptions {
  /** Sleep between acquisitions when there was nothing (or not a full batch) to do. */
  pollMs: number;
  batchSize: number;
  lockTimeMs: number;
  /** Claim the jobs of highest priority first. */
  acquireByPriority?: boolean;
}

/** What the executor needs from the engine; ManagementService provides it. */
export interface JobRunner {
  acquire(owner: string, limit: number, lockTimeMs: number): Promise<string[]>;
  runAcquired(jobId: string, owner: string): Promise<'executed' | 'skipped' | 'failed'>;
  nextDueDate(): Promise<Date | null>;
  releaseLocks(owner: string): Promise<void>;
  now(): Date;
}

/**
 * The background loop of one engine: acquire a batch of due jobs (locked to this executor), run
 * each in its own transaction, repeat at once while batches come back full, otherwise sleep until
 * the poll interval passes, the next known due date arrives, or a local command created a job.
 * Several engines on one database share the work through the job locks.
 */
export class JobExecutor {
  readonly lockOwner = newId();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly listeners: Array<(jobId: string, result: 'executed' | 'skipped' | 'failed') => void> = [];
  /** The last acquisition error (the loop keeps going; a database hiccup must not stop it). */
  lastError: unknown = null;

  constructor(
    private readonly runner: JobRunner,
    private readonly options: JobExecutorOptions,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Told about every job this executor ran (monitoring, tests). */
  onJobRun(listener: (jobId: string, result: 'executed' | 'skipped' | 'failed') => void): void {
    this.listeners.push(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the job in hand, releases the locks it still holds, and returns. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await this.runner.releaseLocks(this.lockOwner).catch(() => undefined);
  }

  /** New jobs exist (due at `due`): look now unless they are due later than the next poll anyway. */
  wake(due?: Date): void {
    if (due && due.getTime() > this.runner.now().getTime() + this.options.pollMs) return;
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let claimed: string[] = [];
      try {
        claimed = await this.runner.acquire(this.lockOwner, this.options.batchSize, this.options.lockTimeMs);
        this.lastError = null;
      } catch (err) {
        this.lastError = err;
      }
      for (const id of claimed) {
        if (!this.running) break;
        const result = await this.runner.runAcquired(id, this.lockOwner).catch(() => 'failed' as const);
        for (const l of this.listeners) l(id, result);
        // SQLite's driver is synchronous: without a turn of the event loop between jobs, a batch of thousands of
        // jobs would hold off every HTTP request (and timer) until none is due.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (!this.running) break;
      if (claimed.length >= this.options.batchSize || this.woken) continue;
      await this.sleep();
    }
  }

  private async sleep(): Promise<void> {
    let ms = this.options.pollMs;
    const next = await this.runner.nextDueDate().catch(() => null);
    if (next) ms = Math.max(0, Math.min(ms, next.getTime() - this.runner.now().getTime()));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
      if (this.woken || !this.running) done();
    });
    this.wakeUp = null;
  }
}
