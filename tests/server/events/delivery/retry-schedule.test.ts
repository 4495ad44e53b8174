import { describe, expect, it } from 'vitest';
import {
  attemptsOf,
  retryDelayMs,
  RETRY_SCHEDULES,
  scheduleSpanMs,
} from '../../../../src/server/events/delivery/retry-schedule';

/** Issue 38: the one retry schedule module, with each channel's named schedule as it was before. */
describe('the retry schedules', () => {
  const middle = { random: () => 0.5 };

  it('webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27.6 hours), then give up', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(RETRY_SCHEDULES.webhook, n, middle));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(retryDelayMs(RETRY_SCHEDULES.webhook, 8, middle)).toBeNull();
    expect(attemptsOf(RETRY_SCHEDULES.webhook)).toBe(8);
    expect(scheduleSpanMs(RETRY_SCHEDULES.webhook) / 3_600_000).toBeCloseTo(27.58, 2);
  });

  it('spreads a delay by its jitter (±10 % for webhooks), and HUB_WEBHOOK_RETRY_SCALE shrinks every delay', () => {
    expect(retryDelayMs(RETRY_SCHEDULES.webhook, 1, { random: () => 0 })).toBe(4_500);
    expect(retryDelayMs(RETRY_SCHEDULES.webhook, 1, { random: () => 1 })).toBe(5_500);
    expect(retryDelayMs(RETRY_SCHEDULES.webhook, 2, { random: () => 0.5, scale: 0.01 })).toBe(3_000);
    expect(scheduleSpanMs(RETRY_SCHEDULES.webhook, 0.01)).toBeCloseTo(scheduleSpanMs(RETRY_SCHEDULES.webhook) / 100);
    // The scale shrinks the delays, not the number of attempts.
    expect(retryDelayMs(RETRY_SCHEDULES.webhook, 8, { scale: 0.01 })).toBeNull();
  });

  it('SIEM sinks: 1 s, 2 s, 4 s … doubling to 5 minutes with ±10 %, and never giving up', () => {
    const delays = [1, 2, 3, 4, 9, 10, 50].map((n) => retryDelayMs(RETRY_SCHEDULES.auditSink, n, middle));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000]);
    expect(retryDelayMs(RETRY_SCHEDULES.auditSink, 1, { random: () => 0 })).toBe(900);
    expect(retryDelayMs(RETRY_SCHEDULES.auditSink, 20, { random: () => 1 })).toBe(330_000);
    expect(attemptsOf(RETRY_SCHEDULES.auditSink)).toBe(Infinity);
  });

  it('back-channel logout: two retries, after 1 s and 4 s, without jitter', () => {
    const random = () => 0.99;
    expect([1, 2, 3].map((n) => retryDelayMs(RETRY_SCHEDULES.backchannelLogout, n, { random }))).toEqual([
      1_000,
      4_000,
      null,
    ]);
    expect(attemptsOf(RETRY_SCHEDULES.backchannelLogout)).toBe(3);
  });

  it('a failing poll loop pauses 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 5, 6, 100].map((n) => retryDelayMs(RETRY_SCHEDULES.pollFailure, n))).toEqual([
      1_000, 2_000, 4_000, 16_000, 30_000, 30_000,
    ]);
  });
});
