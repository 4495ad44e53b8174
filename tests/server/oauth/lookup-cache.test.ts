import { describe, expect, it } from 'vitest';
import { LookupCache } from '../../../src/server/oauth/lookup-cache';

/** The per-process lookup cache's bounds and its primed entries (issue 28). */
describe('LookupCache', () => {
  it('when full drops the entry stored longest ago, not every entry', async () => {
    const cache = new LookupCache<number>(60_000, 3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) await cache.get(key, async () => i);
    expect(cache.size).toBe(3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('d')).toEqual({ value: 3 });
    expect(cache.peek('b')).toEqual({ value: 1 });
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
    const cache = new LookupCache<string>(60_000, 2);
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
