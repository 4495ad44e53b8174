/**
 * A map bounded to `max` entries that keeps the most recently set or used: entries go into a newer
 * half, which becomes the older half when it holds max/2 (the older one is dropped whole, in O(1));
 * a hit in the older half moves to the newer. (Dropping one oldest entry at a time from a Map costs
 * a scan over the holes its earlier deletions left: ~20 µs at 20,000 entries.)
 */
export class RecentMap<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const hit = this.newer.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }
  set(key: string, value: V) {
    this.older.delete(key);
    this.newer.set(key, value);
    if (this.newer.size >= Math.max(1, this.max >> 1)) {
      this.older = this.newer;
      this.newer = new Map();
    }
  }
  delete(key: string) {
    this.newer.delete(key);
    this.older.delete(key);
  }
  clear() {
    this.newer.clear();
    this.older.clear();
  }
  get size() {
    return this.newer.size + this.older.size;
  }
}

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * A per-process lookup cache, bounded by size (`max` entries, the most recently used kept: RecentMap)
 * and by age (`ttlMs`);
 * `invalidate` wins over lookups in flight. While `serve()` is false (the node cannot hear other
 * nodes' invalidations), every get reads through and nothing is stored.
 *
 * Values primed (known without a read: what this process has just written) wait in a segment of
 * their own (`primedMax` entries, the most recent kept) and join the others on their first use:
 * a node issuing thousands of tokens a second, most never looked up here, does not push out the
 * entries that are used.
 */
export class LookupCache<T> {
  private entries: RecentMap<Entry<T>>;
  private primed: RecentMap<Entry<T>>;
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    max = 10_000,
    private readonly serve: () => boolean = () => true,
    primedMax = max,
  ) {
    this.entries = new RecentMap(max);
    this.primed = new RecentMap(primedMax);
  }
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit) return hit.value;
    if (!this.serve()) return load();
    const gen = this.generation;
    const value = await load();
    // A revocation heard while we were reading must not be overwritten by what we read.
    if (gen === this.generation && this.serve()) this.entries.set(key, { value, at: Date.now() });
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
        this.entries.set(key, hit);
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
    if (mark === this.generation && this.serve()) this.primed.set(key, { value, at: Date.now() });
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
