import { ProcessEngineError } from '../errors';
import { ExternalTaskNotifier } from './external-task-notifier';
import { LockedExternalTask } from './external-task-types';

/** Camunda's message when its fetchAndLock queue is full. */
export class WaitingRoomFullError extends ProcessEngineError {
  constructor() {
    super('At the moment the server has to handle too many requests at the same time. Please try again later.');
  }
}

export interface WaitingRoomOptions {
  /** How many long-polling requests may wait at once. */
  capacity: number;
  /** How often waiting requests look at the database for tasks nobody told this process about. */
  recheckMs: number;
}

export interface WaitRequest {
  topics: readonly string[];
  /** Filters beyond the topic name: an empty result then says nothing about other requests. */
  filtered: boolean;
  timeoutMs: number;
  /** The notifier's sequence before the caller's own first attempt. */
  sequence: number;
  attempt: () => Promise<LockedExternalTask[]>;
}

interface Waiter extends WaitRequest {
  resolve: (tasks: LockedExternalTask[]) => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
  attempting: boolean;
  expired: boolean;
  done: boolean;
}

/** Which of these topics have a fetchable task right now (one cheap query for all waiters). */
export type TopicProbe = (topics: string[]) => Promise<Set<string>>;

/**
 * Long-polling fetchAndLock requests that found nothing wait here. They are tried again, oldest
 * first and one at a time, when the notifier reports new fetchable tasks on their topics (after the
 * creating transaction committed) and on a periodic re-check of the database, which finds tasks made
 * fetchable elsewhere: on another server instance, or by an expired lock or retry timeout. The
 * re-check first asks which topics have anything fetchable at all, so an idle server costs one small
 * query per interval however many requests wait. A waiter whose time is up gets an empty list.
 */
export class FetchAndLockWaitingRoom {
  private readonly waiters: Waiter[] = [];
  private interval: NodeJS.Timeout | null = null;
  private draining = false;
  private drained: Promise<void> = Promise.resolve();
  /** Topics to try at the next pass; null: all (the periodic re-check); undefined: nothing to do. */
  private pending: Set<string> | null | undefined = undefined;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly notifier: ExternalTaskNotifier,
    private readonly probe: TopicProbe,
    private readonly options: WaitingRoomOptions,
  ) {
    this.unsubscribe = notifier.subscribe((topics) => this.wake(topics));
  }

  get size(): number {
    return this.waiters.length;
  }

  get capacity(): number {
    return this.options.capacity;
  }

  wait(request: WaitRequest): Promise<LockedExternalTask[]> {
    if (this.closed) return Promise.resolve([]);
    if (this.waiters.length >= this.options.capacity) return Promise.reject(new WaitingRoomFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        ...request,
        resolve,
        reject,
        timer: undefined as unknown as NodeJS.Timeout,
        attempting: false,
        expired: false,
        done: false,
      };
      waiter.timer = setTimeout(() => this.expire(waiter), Math.max(0, request.timeoutMs));
      waiter.timer.unref?.();
      this.waiters.push(waiter);
      this.startInterval();
      // Something was committed between the caller's attempt and now: try again straight away.
      if (this.notifier.sequence !== request.sequence) this.wake(request.topics);
    });
  }

  /** Answers every waiting request with an empty list (server shutdown) and stops re-checking. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.stopInterval();
    for (const waiter of [...this.waiters]) if (!waiter.attempting) this.settle(waiter, []);
    await this.drained;
    for (const waiter of [...this.waiters]) this.settle(waiter, []);
  }

  private wake(topics: readonly string[] | null): void {
    if (this.closed || !this.waiters.length) return;
    if (topics === null || this.pending === null) this.pending = null;
    else {
      this.pending ??= new Set();
      for (const t of topics) this.pending.add(t);
    }
    if (!this.draining) {
      this.draining = true;
      this.drained = this.drain();
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending !== undefined && this.waiters.length && !this.closed) {
        const hint = this.pending;
        this.pending = undefined;
        try {
          await this.pass(hint);
        } catch {
          // A failed probe is retried at the next interval.
        }
      }
    } finally {
      // Cleared in the same tick as the last check, so a wake after it starts a new drain.
      this.draining = false;
    }
  }

  private async pass(hint: Set<string> | null): Promise<void> {
    let candidates = this.waiters.filter((w) => hint === null || w.topics.some((t) => hint.has(t)));
    let available = hint;
    if (available === null) {
      available = await this.probe([...new Set(candidates.flatMap((w) => w.topics))]);
      const found = available;
      candidates = candidates.filter((w) => w.topics.some((t) => found.has(t)));
    }
    const exhausted = new Set<string>();
    for (const waiter of candidates) {
      if (waiter.done || this.closed) continue;
      if (!waiter.topics.some((t) => available.has(t) && !exhausted.has(t))) continue;
      waiter.attempting = true;
      let tasks: LockedExternalTask[];
      try {
        tasks = await waiter.attempt();
      } catch (err) {
        waiter.attempting = false;
        this.settle(waiter, err, true);
        continue;
      }
      waiter.attempting = false;
      if (tasks.length || waiter.expired || this.closed) this.settle(waiter, tasks);
      else if (!waiter.filtered) for (const t of waiter.topics) exhausted.add(t);
    }
  }

  private expire(waiter: Waiter): void {
    // An attempt in flight may lock tasks: its result is delivered instead of dropping them.
    if (waiter.attempting) waiter.expired = true;
    else this.settle(waiter, []);
  }

  private settle(waiter: Waiter, outcome: unknown, failed = false): void {
    if (waiter.done) return;
    waiter.done = true;
    clearTimeout(waiter.timer);
    const i = this.waiters.indexOf(waiter);
    if (i >= 0) this.waiters.splice(i, 1);
    if (!this.waiters.length) this.stopInterval();
    if (failed) waiter.reject(outcome);
    else waiter.resolve(outcome as LockedExternalTask[]);
  }

  private startInterval(): void {
    if (this.interval || this.closed) return;
    this.interval = setInterval(() => this.wake(null), this.options.recheckMs);
    this.interval.unref?.();
  }

  private stopInterval(): void {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
  }
}
