import type { StoredHead } from './chain-queries';

/** After a conflict, how long every append takes the anchor's row lock instead of guessing. */
export const CONFLICT_BACKOFF_MS = 1000;

/** How the next append goes: built on `from` and pipelined, under the anchor's lock, or after the pending locked appends. */
export type AppendRoute = { path: 'pipelined'; from: StoredHead } | { path: 'locked' } | { path: 'wait' };

/**
 * What the chain writer of one process knows between appends (append.ts), and the only code that
 * changes it. Every transition is synchronous, so between two awaits of the writer the invariants
 * below hold (tests/server/audit/chain-writer-state.test.ts):
 *
 * 1. Nothing is pipelined while a locked append is pending (`lockedPending > 0`): that append
 *    takes ids from the anchor it reads under the lock, which a pipelined batch could take too.
 * 2. Appends wait (`waiting`) only while a locked append is pending; the last one to end releases
 *    them all, with `tip` set to the furthest anchor the locked appends wrote (`lockedTip`) — or
 *    left unknown when none of them wrote, so the next append learns it under the lock again.
 *    With none pending, `waiting` is empty and `lockedTip` unset.
 * 3. `tip` moves only forward by a batch built on it (pipelined), is taken over from the locked
 *    appends (2), and is forgotten when a guess proves wrong (a pipelined batch failed, or the
 *    anchor was moved under the lock): a batch is never built on a tip known to be stale.
 * 4. Before `lockedUntil` every append takes the locked path: after a conflict another process
 *    appends too, and guessing would keep colliding with it, whereas the row lock's waiters are
 *    served in turn. One process alone never conflicts and stays on the pipelined path.
 * 5. `confirmed` only moves forward: it is the furthest position this process saw committed, so
 *    a verification here catches a rollback below it.
 * 6. `inFlight` holds exactly the pipelined statements not yet settled; a locked append outside a
 *    caller's transaction waits for them first (its ids would collide with theirs).
 */
export class ChainWriterState {
  /** The anchor as it will stand once every batch sent so far commits; undefined when unknown. */
  private tip: StoredHead | undefined;
  /** Pipelined statements on the wire. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Locked appends started and not yet ended. */
  private lockedPending = 0;
  /** The furthest anchor the pending locked appends wrote. */
  private lockedTip: StoredHead | undefined;
  /** Appends waiting for the pending locked appends to end. */
  private waiting: (() => void)[] = [];
  /** Until when (performance.now() time) every append is locked. */
  private lockedUntil = 0;
  /** The furthest position this process saw committed. */
  private confirmed: { id: number; hash: string } | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Where the next append goes; `inCallerTx`: a failed statement would abort the caller's work. */
  route(inCallerTx: boolean): AppendRoute {
    if (inCallerTx || this.now() < this.lockedUntil) return { path: 'locked' };
    // Taking the locked path while one is learning the anchor would keep one pending under steady
    // load, and every append would stay on the 4-statement path: wait for it, then pipeline.
    if (this.lockedPending > 0) return { path: 'wait' };
    return this.tip ? { path: 'pipelined', from: this.tip } : { path: 'locked' };
  }

  /** A batch built on the tip is on the wire: the next one is built on where it leaves the anchor. */
  sentPipelined(next: StoredHead, sent: Promise<unknown>): void {
    this.tip = next;
    this.inFlight.add(sent);
    const settled = () => this.inFlight.delete(sent);
    sent.then(settled, settled);
  }

  /** A pipelined batch failed: every batch built on the guess after it is stale too. */
  pipelineFailed(): void {
    this.tip = undefined;
  }

  /** Another process appends too: lock for a while instead of guessing. */
  backOff(): void {
    this.lockedUntil = this.now() + CONFLICT_BACKOFF_MS;
  }

  /** Resolves when every pipelined statement sent so far has settled. */
  async inFlightSettled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  lockedStarted(): void {
    this.lockedPending += 1;
  }

  /** A locked append committed (or wrote in its caller's transaction) the anchor `next`. */
  lockedWrote(next: StoredHead): void {
    if (!this.lockedTip || next.lastId > this.lockedTip.lastId) this.lockedTip = next;
  }

  /** A locked append ended, written or failed; the last one hands its anchor over and releases the waiting. */
  lockedEnded(): void {
    this.lockedPending -= 1;
    if (this.lockedPending > 0) return;
    this.tip = this.lockedTip;
    this.lockedTip = undefined;
    const resume = this.waiting;
    this.waiting = [];
    for (const go of resume) go();
  }

  /** Resolves when the pending locked appends have ended (route said 'wait'). */
  waitForLockedAppends(): Promise<void> {
    return new Promise<void>((go) => this.waiting.push(go));
  }

  /** The anchor was moved under the lock (retention, cleanup, a test): the guess is stale. */
  forgetTip(): void {
    this.tip = undefined;
  }

  confirm(h: StoredHead): void {
    if (!this.confirmed || h.lastId > this.confirmed.id) this.confirmed = { id: h.lastId, hash: h.lastHash };
  }

  confirmedPosition(): { id: number; hash: string } | undefined {
    return this.confirmed;
  }
}
