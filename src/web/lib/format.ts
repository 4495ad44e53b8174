import { defineMessages } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';

/**
 * Every number, date, relative time and plural the screens show goes through Intl, here, in the
 * active language (i18n/active-intl.ts, set by the I18nProvider): "1 minutes ago" cannot
 * happen, and a German page writes "28. Nov. 2026". Formatters are built once per language
 * because constructing them is costly.
 */
function build(locale: string) {
  return {
    locale,
    numbers: new Intl.NumberFormat(locale),
    plurals: new Intl.PluralRules(locale),
    relative: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
    dates: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
    dateTimes: new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
  };
}

let formatters = build(activeIntl().locale);
function f() {
  const { locale } = activeIntl();
  if (formatters.locale !== locale) formatters = build(locale);
  return formatters;
}

const messages = defineMessages({
  justNow: { id: 'common.time.justNow', defaultMessage: 'Just now' },
  waitMoment: { id: 'common.wait.moment', defaultMessage: 'Try again in a moment.' },
});

export function formatNumber(n: number): string {
  return f().numbers.format(n);
}

/**
 * "1 user", "2 users", "1,000 users": the noun follows the plural rule of the count. (Words of a
 * screen are better an ICU plural message of their own: `{count, plural, one {# user} other {# users}}`.)
 */
export function countOf(count: number, one: string, other: string): string {
  const { numbers, plurals } = f();
  return `${numbers.format(count)} ${plurals.select(count) === 'one' ? one : other}`;
}

export function formatDate(iso: string | Date): string {
  return f().dates.format(new Date(iso));
}

export function formatDateTime(iso: string | Date): string {
  return f().dateTimes.format(new Date(iso));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60],
  ['hour', 60],
  ['minute', 1],
];

/**
 * Spec §2 relative times: 'Just now' under a minute, then whole minutes, hours or days ago
 * ("1 minute ago", "vor 5 Stunden"), counted down from the largest unit that fits.
 */
export function relativeTime(iso: string, now: number): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes >= 1) {
    for (const [unit, size] of UNITS) {
      if (minutes >= size) return f().relative.format(-Math.floor(minutes / size), unit);
    }
  }
  return activeIntl().formatMessage(messages.justNow);
}

/**
 * How long a rate-limited request must wait (a 429's Retry-After): "Try again in 45 seconds.",
 * "Try again in 3 minutes."; without a figure, "Try again in a moment."
 */
export function waitText(retryAfterSeconds: number | undefined): string {
  const intl = activeIntl();
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0)
    return intl.formatMessage(messages.waitMoment);
  const seconds = Math.ceil(retryAfterSeconds);
  if (seconds < 90)
    return intl.formatMessage(
      {
        id: 'common.wait.seconds',
        defaultMessage: 'Try again in {seconds, plural, one {# second} other {# seconds}}.',
      },
      { seconds },
    );
  return intl.formatMessage(
    { id: 'common.wait.minutes', defaultMessage: 'Try again in {minutes, plural, one {# minute} other {# minutes}}.' },
    { minutes: Math.ceil(seconds / 60) },
  );
}
