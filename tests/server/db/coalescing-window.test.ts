import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescingWindow } from '../../../src/server/db/coalescing-window';

/**
 * The rule of every group-committed write (the unit of work, used JWT IDs): when waiting items
 * leave as a batch. Driven here by a send whose answers the test gives, so each case fails if
 * the rule changes (a batch per item, a timer, more batches on the wire than allowed).
 */
function harness(maxInFlight = 2, coalesce = 4, linger = 0, takeAtMost = Infinity) {
  const queue: number[] = [];
  const batches: number[][] = [];
  const answers: { ok: () => void; fail: () => void }[] = [];
  const window = coalescingWindow({
    waiting: () => queue.length,
    send: () => {
      batches.push(queue.splice(0, Math.min(queue.length, takeAtMost)));
      return new Promise<void>((resolve, reject) =>
        answers.push({ ok: resolve, fail: () => reject(new Error('down')) }),
      );
    },
    maxInFlight,
    coalesce,
    linger,
  });
  let next = 0;
  const add = (n: number) => {
    for (let i = 0; i < n; i++) {
      queue.push(next++);
      window.arrived();
    }
  };
  return { batches, answers, add };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the coalescing window', () => {
  it('items queued in one turn leave together, after the turn, in one batch', async () => {
    const h = harness();
    h.add(5);
    expect(h.batches).toEqual([]);
    await nextTurn();
    expect(h.batches).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('while a batch is on the wire, fewer than `coalesce` items wait for its answer and leave together', async () => {
    const h = harness();
    h.add(1);
    await nextTurn();
    for (let i = 0; i < 3; i++) {
      h.add(1);
      await nextTurn();
    }
    expect(h.batches).toEqual([[0]]);
    h.answers[0].ok();
    await nextTurn();
    expect(h.batches).toEqual([[0], [1, 2, 3]]);
  });

  it('`coalesce` waiting items go out beside the batch on the wire, but never more than `maxInFlight` batches', async () => {
    const h = harness(2, 4);
    h.add(1);
    await nextTurn();
    h.add(4);
    await nextTurn();
    expect(h.batches).toEqual([[0], [1, 2, 3, 4]]);
    h.add(8);
    await nextTurn();
    expect(h.batches).toHaveLength(2);
    h.answers[1].ok();
    await nextTurn();
    expect(h.batches).toEqual([[0], [1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12]]);
  });

  it('a batch that failed frees its place: what waited leaves', async () => {
    const h = harness();
    h.add(1);
    await nextTurn();
    h.add(2);
    await nextTurn();
    h.answers[0].fail();
    await nextTurn();
    expect(h.batches).toEqual([[0], [1, 2]]);
  });

  describe('under load, a batch lingers for company (`linger`)', () => {
    // Only the timer is the test's: setImmediate turns stay real, so the window's own turn runs.
    afterEach(() => vi.useRealTimers());
    const loaded = async (coalesce = 8) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const h = harness(2, coalesce, 1);
      h.add(10);
      await nextTurn();
      h.answers[0].ok();
      await nextTurn();
      expect(h.batches).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
      return h;
    };

    it('after batches of several items, the next waits up to `linger` ms for more and leaves with them', async () => {
      const h = await loaded();
      h.add(1);
      await nextTurn();
      h.add(2);
      await nextTurn();
      expect(h.batches).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(h.batches).toEqual([
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [10, 11, 12],
      ]);
    });

    it('a lingering batch leaves at once when `coalesce` items wait', async () => {
      const h = await loaded(4);
      h.add(1);
      await nextTurn();
      expect(h.batches).toHaveLength(1);
      h.add(3);
      expect(h.batches).toEqual([
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [10, 11, 12, 13],
      ]);
    });

    it("a lingering batch leaves once its company is back: the last batch's items and those that waited for it", async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const h = harness(2, 32, 2);
      h.add(10);
      await nextTurn();
      h.add(2); // wait for the batch on the wire
      await nextTurn();
      h.answers[0].ok();
      await nextTurn();
      // Its company is 12 (10 answered + 2 waiting): with 2 it lingers, and 11 do not suffice.
      expect(h.batches).toHaveLength(1);
      h.add(9);
      expect(h.batches).toHaveLength(1);
      h.add(1);
      expect(h.batches.map((b) => b.length)).toEqual([10, 12]);
      // No timer was needed; nothing is left lingering.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('its company counts what the last batch took, not what waited when it left', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // A batch takes at most 5 (as a unit's limit can make it): of 10 waiting, 5 leave, 5 stay.
      const h = harness(2, 32, 2, 5);
      h.add(10);
      await nextTurn();
      h.answers[0].ok();
      await nextTurn();
      // Its company is 10 (5 answered + 5 waiting), not 15.
      expect(h.batches.map((b) => b.length)).toEqual([5]);
      h.add(5);
      expect(h.batches.map((b) => b.length)).toEqual([5, 5]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it.each([1, 3])(
      'a lone request or a few clients taking turns never wait: after batches of %i, a batch leaves after its turn',
      async (n) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        const h = harness(2, 8, 1);
        for (let i = 0; i < 4; i++) {
          h.add(n);
          await nextTurn();
          expect(h.batches).toHaveLength(i + 1);
          h.answers[i].ok();
          await nextTurn();
        }
        expect(h.batches.map((b) => b.length)).toEqual([n, n, n, n]);
      },
    );
  });
});
