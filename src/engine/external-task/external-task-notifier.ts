/** Told which topics may have new fetchable tasks; `null` means "any topic". */
export type ExternalTaskListener = (topics: readonly string[] | null) => void;

/**
 * The in-process signal that wakes long-polling fetchAndLock requests. Whoever makes external tasks
 * fetchable calls `notify` after its transaction committed: the runtime when it creates tasks,
 * the external task service when it unlocks a task or raises its retries. Tasks that become
 * fetchable on another server instance, or because a lock or retry timeout ran out, are found by
 * the waiting room's periodic database re-check instead.
 */
export class ExternalTaskNotifier {
  private readonly listeners = new Set<ExternalTaskListener>();
  private counter = 0;

  /** Grows with every notification: lets a caller tell whether one happened while it was busy. */
  get sequence(): number {
    return this.counter;
  }

  subscribe(listener: ExternalTaskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(topics: readonly string[] | null = null): void {
    this.counter++;
    for (const listener of this.listeners) {
      try {
        listener(topics);
      } catch {
        // A listener's failure must not surface in the command that committed.
      }
    }
  }
}
