/**
 * Every number, date, relative time and plural the screens show goes through Intl, here, so
 * "1 minutes ago" cannot happen and a change of locale is one line. The hub speaks en-US (the
 * spec's texts are English); formatters are built once because constructing them is costly.
 */
const LOCALE = 'en-US';

const numbers = new Intl.NumberFormat(LOCALE);
const plurals = new Intl.PluralRules(LOCALE);
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
const dates = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimes = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timestamps = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatNumber(n: number): string {
  return numbers.format(n);
}

/** "1 user", "2 users", "1,000 users": the noun follows the plural rule of the count. */
export function countOf(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${plurals.select(count) === 'one' ? one : other}`;
}

export function formatDate(iso: string | Date): string {
  return dates.format(new Date(iso));
}

export function formatDateTime(iso: string | Date): string {
  return dateTimes.format(new Date(iso));
}

export function formatTimestamp(iso: string | Date): string {
  return timestamps.format(new Date(iso));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60],
  ['hour', 60],
  ['minute', 1],
];

/**
 * Spec §2 relative times: 'Just now' under a minute, then whole minutes, hours or days ago
 * ("1 minute ago", "5 hours ago"), counted down from the largest unit that fits.
 */
export function relativeTime(iso: string, now: number): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  for (const [unit, size] of UNITS) {
    if (minutes >= size) return relative.format(-Math.floor(minutes / size), unit);
  }
  return 'Just now';
}

/**
 * How long a rate-limited request must wait (a 429's Retry-After): "Try again in 45 seconds.",
 * "Try again in 3 minutes."; without a figure, "Try again in a moment."
 */
export function waitText(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0)
    return 'Try again in a moment.';
  const seconds = Math.ceil(retryAfterSeconds);
  if (seconds < 90) return `Try again in ${countOf(seconds, 'second', 'seconds')}.`;
  return `Try again in ${countOf(Math.ceil(seconds / 60), 'minute', 'minutes')}.`;
}
