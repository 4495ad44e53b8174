/**
 * The arithmetic of bench/chain.ts: what a sample of pg_stat_activity says about the audit chain's
 * anchor, and how long a grant waits for it (Little's law), kept apart so a test can hold it.
 */

/** One hub backend as pg_stat_activity shows it. */
export interface BackendRow {
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
}

/**
 * Hub backends of one sample, by what they are doing. Every lock a client_credentials grant can
 * wait on is the chain's: its only writes are the audit rows and the anchor move (and an outbox
 * row only when a webhook subscribes, which the bench does not).
 */
export interface AnchorSample {
  /** Backends running a statement (state 'active'), waiting or not. */
  active: number;
  /** Waiting for the anchor's row lock (the locked append; `transactionid`/`tuple` locks). */
  rowLock: number;
  /** Waiting for the ticket of the batch before (the pipelined append; an advisory lock). */
  ticket: number;
  /** audit_chain_advance polling for the anchor to reach its batch (pg_sleep 2 ms). */
  retrySleep: number;
  /** Flushing or waiting for the WAL at commit (IO or LWLock wait named WAL…). */
  walCommit: number;
  /** In a transaction between two statements: the locked append holds the anchor over a round trip. */
  heldAcrossRoundTrip: number;
}

export const EMPTY_SAMPLE: AnchorSample = {
  active: 0,
  rowLock: 0,
  ticket: 0,
  retrySleep: 0,
  walCommit: 0,
  heldAcrossRoundTrip: 0,
};

export function classifyBackends(backends: readonly BackendRow[]): AnchorSample {
  const s = { ...EMPTY_SAMPLE };
  for (const b of backends) {
    if (b.state === 'idle in transaction') s.heldAcrossRoundTrip += 1;
    if (b.state !== 'active') continue;
    s.active += 1;
    if (b.wait_event_type === 'Lock') {
      if (b.wait_event === 'advisory') s.ticket += 1;
      else s.rowLock += 1;
    } else if (b.wait_event === 'PgSleep') s.retrySleep += 1;
    else if ((b.wait_event_type === 'IO' || b.wait_event_type === 'LWLock') && b.wait_event?.startsWith('WAL'))
      s.walCommit += 1;
  }
  return s;
}

/** Backends waiting for the anchor in one sample: its row lock, the ticket before, or the retry sleep. */
export const waitingForAnchor = (s: AnchorSample) => s.rowLock + s.ticket + s.retrySleep;

/** The mean of each count over the samples (all zeros without samples). */
export function meanSample(samples: readonly AnchorSample[]): AnchorSample {
  const mean = { ...EMPTY_SAMPLE };
  if (samples.length === 0) return mean;
  for (const key of Object.keys(mean) as (keyof AnchorSample)[]) {
    mean[key] = samples.reduce((sum, s) => sum + s[key], 0) / samples.length;
  }
  return mean;
}

/** A sample and when it was taken (performance.now(), ms). */
export interface TimedSample {
  at: number;
  sample: AnchorSample;
}

/**
 * The samples taken while the load ran — from the first to the last in which a hub backend was
 * busy (running a statement or holding a transaction open) — and how long that was. The load
 * generator starts in a process of its own, so a run's wall time begins with a second or more in
 * which nothing happens; counted in, it would thin every mean and every rate alike.
 */
export function loadWindow(samples: readonly TimedSample[]): { samples: AnchorSample[]; seconds: number } {
  const isBusy = (t: TimedSample) => t.sample.active + t.sample.heldAcrossRoundTrip > 0;
  const first = samples.findIndex(isBusy);
  if (first < 0) return { samples: samples.map((t) => t.sample), seconds: 0 };
  const last = samples.findLastIndex(isBusy);
  return {
    samples: samples.slice(first, last + 1).map((t) => t.sample),
    seconds: (samples[last].at - samples[first].at) / 1000,
  };
}

/**
 * How long a batch (and so each grant in it) waits for the anchor, and the share of a grant's
 * time that is, by Little's law on both sides: a batch's mean wait is the mean number of batches
 * waiting over the rate of batches (each waiting backend carries one batch); a grant's mean time
 * is the number of grants in flight (the closed-loop load generator keeps `connections` of them)
 * over the rate of grants. A grant waits exactly as long as its batch does.
 */
export function anchorWait(input: {
  /** Mean backends waiting for the anchor per sample. */
  waiting: number;
  batchesPerSecond: number;
  grantsPerSecond: number;
  connections: number;
}): { waitPerBatchMs: number; grantMs: number; share: number } {
  const { waiting, batchesPerSecond, grantsPerSecond, connections } = input;
  const waitPerBatchMs = batchesPerSecond > 0 ? (waiting / batchesPerSecond) * 1000 : 0;
  const grantMs = grantsPerSecond > 0 ? (connections / grantsPerSecond) * 1000 : 0;
  return { waitPerBatchMs, grantMs, share: grantMs > 0 ? Math.min(1, waitPerBatchMs / grantMs) : 0 };
}

/** The value of an unlabelled series in Prometheus text (e.g. `hub_audit_batch_size_count`), or 0. */
export function metricValue(text: string, series: string): number {
  const m = new RegExp(`^${series} ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}
