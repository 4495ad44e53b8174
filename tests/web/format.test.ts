import { describe, expect, it } from 'vitest';
import { countOf, formatDate, formatNumber, relativeTime } from '@/lib/format';
import { documentTitle } from '@/lib/use-document-title';

describe('Intl formatting', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says relative times with the right plural (spec §2: Just now, n minutes/hours/days ago)', () => {
    expect(relativeTime(ago(30_000), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 60 * 60_000), now)).toBe('23 hours ago');
    expect(relativeTime(ago(24 * 60 * 60_000), now)).toBe('1 day ago');
    expect(relativeTime(ago(3 * 24 * 60 * 60_000), now)).toBe('3 days ago');
  });

  it('counts with plural rules and grouped digits', () => {
    expect(countOf(1, 'user', 'users')).toBe('1 user');
    expect(countOf(0, 'user', 'users')).toBe('0 users');
    expect(countOf(1234, 'event', 'events')).toBe('1,234 events');
    expect(formatNumber(1000000)).toBe('1,000,000');
    expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
  });

  it('names each screen "Screen · Section · Ecosystem Hub"', () => {
    expect(documentTitle('Users', 'Admin')).toBe('Users · Admin · Ecosystem Hub');
    expect(documentTitle(false, undefined)).toBe('Ecosystem Hub');
  });
});
