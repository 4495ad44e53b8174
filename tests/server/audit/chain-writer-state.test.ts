import { describe, expect, it } from 'vitest';
import { CONFLICT_BACKOFF_MS, ChainWriterState } from '../../../src/server/audit/writer-state';
import type { StoredHead } from '../../../src/server/audit/chain-queries';

/** An anchor at `lastId` (the state compares positions only; the MAC is never checked here). */
const at = (lastId: number): StoredHead => ({
  lastId,
  lastHash: `h${lastId}`,
  baseId: 0,
  baseHash: 'h0',
  legacyLastId: 0,
  legacyLastHash: 'h0',
  keyId: null,
  sealedAt: new Date(0),
  mac: `m${lastId}`,
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Lets every already-resolved continuation run (no timer involved). */
const flush = () => new Promise<void>((go) => setImmediate(go));

function stateAt(now = { t: 0 }) {
  return { state: new ChainWriterState(() => now.t), now };
}

/** A state that has learnt the anchor at `lastId` through one locked append. */
function learnt(lastId: number, now = { t: 0 }) {
  const { state } = stateAt(now);
  state.lockedStarted();
  state.lockedWrote(at(lastId));
  state.lockedEnded();
  return state;
}

describe('the chain writer state: its invariants (src/server/audit/writer-state.ts)', () => {
  it('a new writer does not know the anchor: it learns it under the lock, then pipelines on it', () => {
    const { state } = stateAt();
    expect(state.route(false)).toEqual({ path: 'locked' });
    state.lockedStarted();
    state.lockedWrote(at(5));
    state.lockedEnded();
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(5) });
  });

  it('1: nothing is pipelined while a locked append is pending, even with a known tip', () => {
    const state = learnt(5);
    state.lockedStarted();
    expect(state.route(false)).toEqual({ path: 'wait' });
    state.lockedEnded();
    // That locked append wrote nothing: the tip it started from may be stale, so it is forgotten.
    expect(state.route(false)).toEqual({ path: 'locked' });
  });

  it('2: waiting appends are released by the last locked append, on the furthest anchor written', async () => {
    const { state } = stateAt();
    state.lockedStarted();
    state.lockedStarted();
    let released = false;
    void state.waitForLockedAppends().then(() => (released = true));
    state.lockedWrote(at(7));
    state.lockedWrote(at(6));
    state.lockedEnded();
    await flush();
    expect(released).toBe(false);
    expect(state.route(false)).toEqual({ path: 'wait' });
    state.lockedEnded();
    await flush();
    expect(released).toBe(true);
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(7) });
  });

  it('2: a finished round hands nothing over to the next one', () => {
    const state = learnt(9);
    state.lockedStarted();
    state.lockedEnded();
    state.lockedStarted();
    state.lockedWrote(at(3));
    state.lockedEnded();
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(3) });
  });

  it('3: a pipelined batch moves the tip; its failure forgets it; so does a move under the lock', () => {
    const state = learnt(5);
    state.sentPipelined(at(6), Promise.resolve());
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(6) });
    state.sentPipelined(at(8), Promise.resolve());
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(8) });
    state.pipelineFailed();
    expect(state.route(false)).toEqual({ path: 'locked' });

    const moved = learnt(5);
    moved.forgetTip();
    expect(moved.route(false)).toEqual({ path: 'locked' });
  });

  it("4: inside a caller's transaction, and until the back-off has passed, every append is locked", () => {
    const now = { t: 100 };
    const state = learnt(5, now);
    expect(state.route(true)).toEqual({ path: 'locked' });
    state.backOff();
    now.t += CONFLICT_BACKOFF_MS - 1;
    expect(state.route(false)).toEqual({ path: 'locked' });
    now.t += 1;
    expect(state.route(false)).toEqual({ path: 'pipelined', from: at(5) });
  });

  it('5: the confirmed position only moves forward', () => {
    const { state } = stateAt();
    expect(state.confirmedPosition()).toBeUndefined();
    state.confirm(at(4));
    state.confirm(at(2));
    expect(state.confirmedPosition()).toEqual({ id: 4, hash: 'h4' });
    state.confirm(at(6));
    expect(state.confirmedPosition()).toEqual({ id: 6, hash: 'h6' });
  });

  it('6: a locked append waits for every pipelined statement on the wire, failed ones too', async () => {
    const state = learnt(5);
    const [first, second] = [deferred(), deferred()];
    state.sentPipelined(at(6), first.promise);
    state.sentPipelined(at(7), second.promise);
    let settled = false;
    void state.inFlightSettled().then(() => (settled = true));
    first.resolve();
    await flush();
    expect(settled).toBe(false);
    second.reject(new Error('anchor moved'));
    await flush();
    expect(settled).toBe(true);
    // Settled statements are no longer on the wire: nothing left to wait for.
    let again = false;
    void state.inFlightSettled().then(() => (again = true));
    await flush();
    expect(again).toBe(true);
  });
});
