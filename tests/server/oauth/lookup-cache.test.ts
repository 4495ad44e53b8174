import { describe, expect, it } from 'vitest';
import { LookupCache, RecentMap } from '../../../src/server/oauth/lookup-cache';

/** The per-process lookup cache's bounds and its primed entries (issue 28). */
describe('LookupCache', () => {
  it('when full keeps the most recently used entries, not none of them', async () => {
    const cache = new LookupCache<number>(60_000, 4);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    expect(cache.peek('a')).toEqual({ value: 1 }); // used: moves to the newer half
    for (const [i, key] of ['c', 'd', 'e'].entries()) await cache.get(key, async () => i + 3);
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('e')).toEqual({ value: 5 });
  });

  it('RecentMap holds at most its bound and keeps what was used', () => {
    const map = new RecentMap<number>(1000);
    map.set('kept', 0);
    for (let i = 0; i < 10_000; i++) {
      map.set(`k${i}`, i);
      expect(map.get('kept')).toBe(0);
      expect(map.size).toBeLessThanOrEqual(1000);
    }
    expect(map.get('k0')).toBeUndefined();
    expect(map.get('k9999')).toBe(9999);
  });

  it('keeps a primed value, unless an invalidation was heard since the mark', async () => {
    const cache = new LookupCache<string>(60_000, 10);
    const mark = cache.mark();
    cache.prime('s1', 'live', mark);
    expect(await cache.get('s1', async () => 'read')).toBe('live');
    const stale = cache.mark();
    cache.invalidate('other');
    cache.prime('s2', 'live', stale);
    expect(cache.peek('s2')).toBeUndefined();
    expect(await cache.get('s2', async () => 'read')).toBe('read');
  });

  it('keeps primed values apart until their first use: priming many never pushes out the entries in use', async () => {
    const cache = new LookupCache<string>(60_000, 4);
    await cache.get('used-1', async () => 'read');
    await cache.get('used-2', async () => 'read');
    for (let i = 0; i < 5; i++) cache.prime(`issued-${i}`, 'live', cache.mark());
    expect(cache.peek('used-1')).toEqual({ value: 'read' });
    expect(cache.peek('used-2')).toEqual({ value: 'read' });
    expect(cache.peek('issued-0')).toBeUndefined(); // the oldest primed went
    expect(cache.peek('issued-4')).toEqual({ value: 'live' }); // and now joins the used ones
    cache.invalidate('issued-3');
    expect(cache.peek('issued-3')).toBeUndefined();
  });

  it('serves and stores nothing while revocations cannot be heard', async () => {
    let live = true;
    const cache = new LookupCache<string>(60_000, 10, () => live);
    cache.prime('s1', 'live', cache.mark());
    live = false;
    expect(cache.peek('s1')).toBeUndefined();
    cache.prime('s2', 'live', cache.mark());
    live = true;
    expect(cache.peek('s2')).toBeUndefined();
  });
});
