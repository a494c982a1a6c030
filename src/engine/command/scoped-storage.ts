import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage an engine can let go of. Node (20) visits every enabled storage whenever an async resource
 * is created, for the life of the process, so a closed engine disables its storages or it would slow down every
 * await of its host. Disabling while work runs would take the context from under that work (a nested command
 * would no longer join its transaction), so close() leaves it to the last run to finish; a run after close()
 * enables the storage again, until it finishes.
 */
export class ScopedStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private running = 0;
  private closed = false;

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  run<R>(store: T, work: () => Promise<R>): Promise<R> {
    this.running++;
    const done = (): void => {
      if (--this.running === 0 && this.closed) this.storage.disable();
    };
    let result: Promise<R>;
    try {
      result = this.storage.run(store, work);
    } catch (err) {
      done();
      throw err;
    }
    result.then(done, done);
    return result;
  }

  close(): void {
    this.closed = true;
    if (this.running === 0) this.storage.disable();
  }
}
