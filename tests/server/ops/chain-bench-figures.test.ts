import { describe, expect, it } from 'vitest';
import {
  anchorWait,
  classifyBackends,
  loadWindow,
  meanSample,
  metricValue,
  waitingForAnchor,
} from '../../../bench/lib/chain-figures';

// bench/chain.ts (issue 28) reports the share of a grant's time spent waiting for the audit
// chain's anchor from samples of pg_stat_activity; these hold its arithmetic.
describe('bench:chain figures', () => {
  it('counts a backend as waiting for the anchor only on its locks or the retry sleep', () => {
    const s = classifyBackends([
      { state: 'active', wait_event_type: 'Lock', wait_event: 'transactionid' },
      { state: 'active', wait_event_type: 'Lock', wait_event: 'tuple' },
      { state: 'active', wait_event_type: 'Lock', wait_event: 'advisory' },
      { state: 'active', wait_event_type: 'Timeout', wait_event: 'PgSleep' },
      { state: 'active', wait_event_type: 'IO', wait_event: 'WALSync' },
      { state: 'active', wait_event_type: 'LWLock', wait_event: 'WALWrite' },
      { state: 'active', wait_event_type: null, wait_event: null },
      { state: 'idle in transaction', wait_event_type: 'Client', wait_event: 'ClientRead' },
      { state: 'idle', wait_event_type: 'Client', wait_event: 'ClientRead' },
    ]);
    expect(s).toEqual({ active: 7, rowLock: 2, ticket: 1, retrySleep: 1, walCommit: 2, heldAcrossRoundTrip: 1 });
    expect(waitingForAnchor(s)).toBe(4);
  });

  it('averages the samples', () => {
    const busy = classifyBackends([{ state: 'active', wait_event_type: 'Lock', wait_event: 'tuple' }]);
    const idle = classifyBackends([]);
    expect(meanSample([busy, idle, busy, busy]).rowLock).toBe(0.75);
    expect(meanSample([]).active).toBe(0);
  });

  it('measures the window in which a backend was busy, not the idle start and end of a run', () => {
    const busy = classifyBackends([{ state: 'active', wait_event_type: null, wait_event: null }]);
    const held = classifyBackends([
      { state: 'idle in transaction', wait_event_type: 'Client', wait_event: 'ClientRead' },
    ]);
    const idle = classifyBackends([{ state: 'idle', wait_event_type: 'Client', wait_event: 'ClientRead' }]);
    const w = loadWindow([
      { at: 0, sample: idle },
      { at: 1000, sample: idle },
      { at: 1500, sample: busy },
      { at: 2000, sample: idle },
      { at: 4500, sample: held },
      { at: 5000, sample: idle },
    ]);
    expect(w.seconds).toBe(3);
    expect(w.samples).toEqual([busy, idle, held]);
    expect(loadWindow([{ at: 0, sample: idle }]).seconds).toBe(0);
  });

  it("turns backends waiting into a grant's share of time by Little's law", () => {
    // 2 batches waiting on average at 50 batches/s: each waits 40 ms. 48 grants in flight at
    // 400 grants/s: each takes 120 ms, a third of it waiting for the anchor.
    const w = anchorWait({ waiting: 2, batchesPerSecond: 50, grantsPerSecond: 400, connections: 48 });
    expect(w.waitPerBatchMs).toBeCloseTo(40);
    expect(w.grantMs).toBeCloseTo(120);
    expect(w.share).toBeCloseTo(1 / 3);
    expect(anchorWait({ waiting: 1, batchesPerSecond: 0, grantsPerSecond: 0, connections: 48 }).share).toBe(0);
  });

  it('reads an unlabelled series from Prometheus text, not a longer name that starts with it', () => {
    const text =
      'hub_audit_batch_size_count_x 9\nhub_audit_batch_size_count 1234\nhub_audit_commit_seconds_sum 5.5e-1\n';
    expect(metricValue(text, 'hub_audit_batch_size_count')).toBe(1234);
    expect(metricValue(text, 'hub_audit_commit_seconds_sum')).toBeCloseTo(0.55);
    expect(metricValue(text, 'hub_missing')).toBe(0);
  });
});
