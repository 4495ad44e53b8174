import { afterEach, describe, expect, it } from 'vitest';
import { createPollLoop, type PassResult, type PollLoop } from '../../../../src/server/events/delivery/poll-loop';

/** Issue 38: the one poll loop every delivery channel runs its passes under. */
describe('the poll loop', () => {
  let loop: PollLoop | undefined;
  afterEach(async () => {
    await loop?.stop();
  });

  /** A pass the test answers by hand: each call waits for `release`. */
  function gatedPasses() {
    const calls: { release: (r: PassResult) => void; fail: (e: Error) => void }[] = [];
    const pass = () =>
      new Promise<PassResult>((release, fail) => {
        calls.push({ release, fail });
      });
    return { calls, pass };
  }

  it('drains: a pass that says more is due is followed by another, and runOnce sums them', async () => {
    const results = [
      { done: 3, more: true },
      { done: 3, more: true },
      { done: 1, more: false },
    ];
    let calls = 0;
    loop = createPollLoop({
      name: 'test',
      intervalMs: 60_000,
      pass: async () => {
        calls += 1;
        return results.shift() ?? { done: 0, more: false };
      },
      log: () => {},
    });
    expect(await loop.runOnce()).toBe(7);
    expect(calls).toBe(3);
  });

  it('runs one pass at a time; asked for while one runs, another follows it', async () => {
    const { calls, pass } = gatedPasses();
    loop = createPollLoop({ name: 'test', intervalMs: 60_000, pass, log: () => {} });
    const first = loop.runOnce();
    const second = loop.runOnce();
    await expect.poll(() => calls.length).toBe(1);
    calls[0].release({ done: 2, more: false });
    await expect.poll(() => calls.length).toBe(2);
    calls[1].release({ done: 1, more: false });
    expect(await first).toBe(3);
    expect(await second).toBe(3);
  });

  it('a nudge while a pass runs is not lost; a nudge before start or after stop does nothing', async () => {
    const { calls, pass } = gatedPasses();
    loop = createPollLoop({ name: 'test', intervalMs: 60_000, pass, log: () => {} });
    loop.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(0);
    loop.start();
    await expect.poll(() => calls.length).toBe(1);
    loop.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    calls[0].release({ done: 1, more: false });
    await expect.poll(() => calls.length).toBe(2);
    calls[1].release({ done: 0, more: false });
    const stopped = loop.stop();
    await stopped;
    loop.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(2);
  });

  it('asks nothing while there is no work', async () => {
    let asked = 0;
    let passes = 0;
    loop = createPollLoop({
      name: 'test',
      intervalMs: 5,
      pass: async () => {
        passes += 1;
        return { done: 0, more: false };
      },
      mayHaveWork: () => {
        asked += 1;
        return false;
      },
      log: () => {},
    });
    loop.start();
    await expect.poll(() => asked).toBeGreaterThan(3);
    expect(passes).toBe(0);
  });

  it('stop waits for the pass in flight, and a long pass sees that it is stopping', async () => {
    let seen: (() => boolean) | undefined;
    const { calls, pass } = gatedPasses();
    loop = createPollLoop({
      name: 'test',
      intervalMs: 60_000,
      pass: (stopping) => {
        seen = stopping;
        return pass();
      },
      log: () => {},
    });
    loop.start();
    await expect.poll(() => calls.length).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(seen?.()).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    calls[0].release({ done: 1, more: true });
    await stopping;
    // Stopped: the pass that said more is due is not followed by another.
    expect(calls).toHaveLength(1);
  });

  it('logs one line when passes start failing and one when they work again, pausing in between', async () => {
    const lines: string[] = [];
    const at: number[] = [];
    loop = createPollLoop({
      name: 'test worker',
      intervalMs: 5,
      pass: async () => {
        at.push(performance.now());
        if (at.length === 1) throw new Error('database away');
        return { done: 0, more: false };
      },
      log: (line) => lines.push(line),
    });
    loop.start();
    await expect.poll(() => lines, { timeout: 5_000 }).toHaveLength(2);
    // Paused for a second (the pollFailure schedule) after the failure, though it ticks every 5 ms.
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(990);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'test worker pass failed (retrying with backoff)' });
    expect(lines[1]).toBe('test worker passes work again after 1 failed');
  });
});
