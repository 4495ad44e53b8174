import { describe, expect, it } from 'vitest';
import { ApiError, isRetryable } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { signalCounts } from '@/features/admin/analytics-signals';

describe('error-text: one place turns API failures into words', () => {
  it("shows a refusal's own message: the server said exactly what was wrong", () => {
    expect(errorText(new ApiError(409, 'email_in_use', 'Another user already uses this email address.'))).toBe(
      'Another user already uses this email address.',
    );
    expect(errorText(new ApiError(400, 'invalid_request', 'q: too long'))).toBe('q: too long');
  });

  it('says outages, lost connections and ended sessions in words of its own, never a stack or a code', () => {
    expect(errorText(new ApiError(503, 'database_unavailable', 'The database is unavailable.'))).toBe(
      'The hub is temporarily unavailable. Try again in a moment.',
    );
    expect(errorText(new ApiError(0, 'network_error', 'x'))).toMatch(/could not be reached/);
    expect(errorText(new ApiError(401, 'unauthenticated', 'You must be signed in.'))).toMatch(/Sign in again/);
    expect(errorText(new ApiError(502, 'http_error', 'Request failed (502)'))).toMatch(
      /Something went wrong on the hub/,
    );
    expect(errorText(new TypeError('boom'))).toBe('Something went wrong. Try again.');
  });

  it('retries outages but never a refusal', () => {
    expect(isRetryable(new ApiError(503, 'database_unavailable', ''))).toBe(true);
    expect(isRetryable(new ApiError(0, 'network_error', ''))).toBe(true);
    expect(isRetryable(new ApiError(403, 'forbidden', ''))).toBe(false);
  });
});

describe('analytics signals', () => {
  it('sums each security signal over the daily series', () => {
    const day = (n: number) => ({
      date: `2026-11-2${n}`,
      sign_ins: n,
      failures: 1,
      lockouts: n % 2,
      mfa: 2,
      credential_access: 0,
    });
    expect(signalCounts({ daily: [day(1), day(2), day(3)] })).toEqual({
      sign_ins: 6,
      failures: 3,
      lockouts: 2,
      mfa: 6,
      credential_access: 0,
    });
  });
});
