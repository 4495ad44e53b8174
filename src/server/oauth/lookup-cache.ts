/**
 * A per-process lookup cache, bounded by size (`max` entries; full → the oldest goes) and by age (`ttlMs`);
 * `invalidate` wins over lookups in flight. While `serve()` is false (the node cannot hear other
 * nodes' invalidations), every get reads through and nothing is stored.
 */
export class LookupCache<T> {
  private entries = new Map<string, { value: T; at: number }>();
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly serve: () => boolean = () => true,
  ) {}
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit) return hit.value;
    if (!this.serve()) return load();
    const gen = this.generation;
    const value = await load();
    // A revocation heard while we were reading must not be overwritten by what we read.
    if (gen === this.generation && this.serve()) this.store(key, value);
    return value;
  }
  /** The entry without loading it: `{ value }` when held and fresh (and served), else undefined. */
  peek(key: string): { value: T } | undefined {
    if (!this.serve()) return undefined;
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? { value: hit.value } : undefined;
  }
  /** A mark to hand `prime`: taken before the value it will store was known to be true. */
  mark(): number {
    return this.generation;
  }
  /**
   * Stores a value this process knows without reading it (what it has just written), unless an
   * invalidation was heard since `mark` was taken: that one could be about this very key.
   */
  prime(key: string, value: T, mark: number) {
    if (mark === this.generation && this.serve()) this.store(key, value);
  }
  private store(key: string, value: T) {
    this.entries.delete(key);
    // Full: the entry stored longest ago goes (a Map iterates in insertion order), not every
    // entry at once — a node issuing thousands of tokens a second keeps the ones just issued.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: Date.now() });
  }
  invalidate(key?: string) {
    this.generation += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
  get size() {
    return this.entries.size;
  }
}
