/** A per-process lookup cache with a fallback TTL; `invalidate` wins over lookups in flight. */
export class LookupCache<T> {
  private entries = new Map<string, { value: T; at: number }>();
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const gen = this.generation;
    const value = await load();
    // A revocation heard while we were reading must not be overwritten by what we read.
    if (gen === this.generation) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, { value, at: Date.now() });
    }
    return value;
  }
  invalidate(key?: string) {
    this.generation += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
