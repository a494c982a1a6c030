/**
 * Parsed models by definition id. Definitions are immutable once deployed, so any instance can
 * rebuild an entry from the stored XML; the cache only saves the parse.
 */
export class ModelCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries = 500) {}

  get(id: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(id);
    if (hit) {
      // Refresh recency: Map keeps insertion order, so re-inserting makes this the newest entry.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit;
    }
    const loading = load();
    loading.catch(() => this.entries.delete(id));
    this.put(id, loading);
    return loading;
  }

  set(id: string, model: T): void {
    this.put(id, Promise.resolve(model));
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  private put(id: string, value: Promise<T>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, value);
  }
}
