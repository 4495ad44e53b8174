import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import de from '@/locales/de.json';
import { accessDeniedDescription } from '@/data/admin/credential-reveal-mutation';
import {
  clampMinutes,
  countdown,
  formatDate,
  isTimeLimitedRequestValid,
  requestStatusVariant,
} from '@/features/admin/admin.utils';
import { ApiError } from '@/lib/api';

describe('admin dashboard display rules', () => {
  it('falls back to Never for a missing last login', () => {
    const intl = createIntl({ locale: 'en' });
    expect(formatDate(intl, null)).toBe('Never');
    expect(formatDate(intl, '2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
  });

  it('says it in the reader’s language: the German catalogue and German dates', () => {
    const intl = createIntl({ locale: 'de', messages: de });
    expect(formatDate(intl, null)).toBe('Nie');
    expect(formatDate(intl, '2026-11-21T12:00:00Z')).toBe('21.11.2026');
  });

  it('maps credential request status to the spec badge variants', () => {
    expect(requestStatusVariant('approved')).toBe('default');
    expect(requestStatusVariant('denied')).toBe('destructive');
    expect(requestStatusVariant('pending')).toBe('secondary');
    expect(requestStatusVariant('expired')).toBe('secondary');
  });

  it('counts down to the grant expiry and stops at 0:00', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(countdown('2026-11-21T12:29:05Z', now)).toBe('29:05');
    expect(countdown('2026-11-21T14:00:09Z', now)).toBe('2:00:09');
    expect(countdown('2026-11-21T11:00:00Z', now)).toBe('0:00');
  });

  it('needs an app and a trimmed justification of at least 15 characters', () => {
    expect(isTimeLimitedRequestValid('', 'a long enough justification')).toBe(false);
    expect(isTimeLimitedRequestValid('app', '  fourteen chars  '.padEnd(14))).toBe(false);
    expect(isTimeLimitedRequestValid('app', '   exactly 15 chars!   '.trim().slice(0, 15))).toBe(true);
    expect(isTimeLimitedRequestValid('app', `   ${'x'.repeat(14)}   `)).toBe(false);
  });

  it('keeps the time limit between 5 and 120 minutes, 30 when unreadable', () => {
    expect(clampMinutes(1)).toBe(5);
    expect(clampMinutes(500)).toBe(120);
    expect(clampMinutes(Number.NaN)).toBe(30);
    expect(clampMinutes(44.6)).toBe(45);
  });

  it('describes an Access Denied toast with the server message, or the spec fallback', () => {
    expect(accessDeniedDescription(new ApiError(403, 'grant_expired', 'This access grant has expired.'))).toBe(
      'This access grant has expired.',
    );
    expect(accessDeniedDescription(new TypeError('network'))).toBe('Failed to request credential access');
  });
});
