interface Entry<T> {
  value: T;
  at: number;
}

/**
 * A per-process lookup cache, bounded by size (`max` entries; full → the oldest goes) and by age (`ttlMs`);
 * `invalidate` wins over lookups in flight. While `serve()` is false (the node cannot hear other
 * nodes' invalidations), every get reads through and nothing is stored.
 *
 * Values primed (known without a read: what this process has just written) wait in a segment of
 * their own (`primedMax` entries, full → the oldest goes) and join the others on their first use:
 * a node issuing thousands of tokens a second, most never looked up here, does not push out the
 * entries that are used.
 */
export class LookupCache<T> {
  private entries = new Map<string, Entry<T>>();
  private primed = new Map<string, Entry<T>>();
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly serve: () => boolean = () => true,
    private readonly primedMax = max,
  ) {}
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit) return hit.value;
    if (!this.serve()) return load();
    const gen = this.generation;
    const value = await load();
    // A revocation heard while we were reading must not be overwritten by what we read.
    if (gen === this.generation && this.serve()) this.store(this.entries, key, { value, at: Date.now() });
    return value;
  }
  /** The entry without loading it: `{ value }` when held and fresh (and served), else undefined. */
  peek(key: string): { value: T } | undefined {
    if (!this.serve()) return undefined;
    let hit = this.entries.get(key);
    if (!hit) {
      hit = this.primed.get(key);
      if (hit) {
        this.primed.delete(key);
        this.store(this.entries, key, hit);
      }
    }
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
    if (mark === this.generation && this.serve())
      this.store(this.primed, key, { value, at: Date.now() }, this.primedMax);
  }
  private store(segment: Map<string, Entry<T>>, key: string, entry: Entry<T>, max = this.max) {
    segment.delete(key);
    // Full: the entry stored longest ago goes (a Map iterates in insertion order), not every
    // entry at once.
    if (segment.size >= max) segment.delete(segment.keys().next().value!);
    segment.set(key, entry);
  }
  invalidate(key?: string) {
    this.generation += 1;
    if (key === undefined) {
      this.entries.clear();
      this.primed.clear();
    } else {
      this.entries.delete(key);
      this.primed.delete(key);
    }
  }
  get size() {
    return this.entries.size + this.primed.size;
  }
}
