import { loggableError } from '../../plugins/errors';
import { retryDelayMs, RETRY_SCHEDULES } from './retry-schedule';

/**
 * The one poll loop of the hub's background delivery (issue 38): every channel (webhooks and SSF
 * pushes, SIEM sinks, back-channel logout) runs its passes under it, on every node. It owns what
 * the channels would otherwise each write again:
 *   - one pass at a time: asked for while one runs, another follows it (a commit's nudge is never
 *     lost), and a pass that says more is due at once is followed by another (the backlog drains);
 *   - a tick every `intervalMs`, unref'd, that asks nothing of the database while `mayHaveWork`
 *     says there is nothing to do;
 *   - while passes fail (the database is away), ticks pause on the `pollFailure` schedule, and
 *     the console gets one line per outage and one when it ends, not one per second;
 *   - a stop that waits for the pass in flight, so its outcomes are recorded before the pool closes.
 */

/** The tick of every channel when nothing nudges (another node's work, retries coming due). */
export const POLL_INTERVAL_MS = 1_000;
/** Rows per claim: small enough that one slow receiver holds few others back. */
export const CLAIM_BATCH = 50;

export interface PassResult {
  /** What the pass did (deliveries attempted, rows passed): summed by runOnce. */
  done: number;
  /** More is due at once (the claim came back full): another pass follows without waiting for a tick. */
  more: boolean;
}

export interface PollLoopOptions {
  /** Named in the console lines, e.g. "webhook worker". */
  name: string;
  intervalMs: number;
  /** One pass; `stopping()` turns true once stop() is called (a long pass ends early). */
  pass: (stopping: () => boolean) => Promise<PassResult>;
  /** False: the tick is skipped without a query (an idle hub with no endpoints). Its failure is a pass's. */
  mayHaveWork?: () => boolean | Promise<boolean>;
  log: (line: string) => void;
}

export interface PollLoop {
  /** Passes until nothing more is due at once; resolves with the sum of what they did. */
  runOnce(): Promise<number>;
  /** Ask for a pass soon (a commit on this node wrote work): only once started. */
  nudge(): void;
  start(): void;
  /** Stops ticking and waits for the pass in flight. */
  stop(): Promise<void>;
  stopping(): boolean;
}

export function createPollLoop(options: PollLoopOptions): PollLoop {
  const { name, log } = options;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;
  let halted = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let pausedUntil = 0;
  const stopping = () => halted;

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        const { done, more } = await options.pass(stopping);
        total += done;
        if (more) again = true;
      } while (again && !halted);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function tick(nudged: boolean): Promise<void> {
    if (halted || performance.now() < pausedUntil) return;
    if (running) {
      // A nudge means rows committed after the running pass claimed: one more pass, then.
      if (nudged) again = true;
      return;
    }
    try {
      if (options.mayHaveWork && !(await options.mayHaveWork())) return;
      await runOnce();
      if (failures > 0) log(`${name} passes work again after ${failures} failed`);
      failures = 0;
    } catch (e) {
      if (failures === 0)
        log(JSON.stringify({ msg: `${name} pass failed (retrying with backoff)`, err: loggableError(e) }));
      failures += 1;
      pausedUntil = performance.now() + (retryDelayMs(RETRY_SCHEDULES.pollFailure, failures) ?? 0);
    }
  }

  return {
    runOnce,
    stopping,
    nudge() {
      if (started && !halted) setImmediate(() => void tick(true));
    },
    start() {
      if (started) return;
      started = true;
      timer = setInterval(() => void tick(false), options.intervalMs);
      timer.unref();
      void tick(false);
    },
    async stop() {
      halted = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
