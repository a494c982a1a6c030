/** A promise-chain mutex: callers run one after another, in arrival order. */
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private readonly settled = (): void => {
    this.queued--;
  };

  /** Tasks running or waiting to run. */
  get size(): number {
    return this.queued;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.queued++;
    const result = this.tail.then(task, task);
    this.tail = result.then(this.settled, this.settled);
    return result;
  }
}
