import { defineMessages, type MessageDescriptor } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import { ApiError } from './api';

/**
 * The one place that turns an API failure into words for people, in the active language. The
 * web localizes by `code` (issue 39): codes whose server message is written for machines, that
 * mean "try again later", or that every sign-in screen shows get a message here; every other
 * refusal (4xx) shows the server's own message, which the server writes in the language the app
 * asked for (Accept-Language, lib/api.ts) and which says exactly what was wrong.
 */
const CODE_TEXT = defineMessages({
  network_error: {
    id: 'common.error.network',
    defaultMessage: 'The hub could not be reached. Check your connection and try again.',
  },
  unauthenticated: {
    id: 'common.error.unauthenticated',
    defaultMessage: 'Your session has ended. Sign in again to continue.',
  },
  csrf_failed: {
    id: 'common.error.csrf',
    defaultMessage: 'The request was refused for your security. Reload the page and try again.',
  },
  rate_limited: { id: 'common.error.rateLimited', defaultMessage: 'Too many requests. Wait a moment and try again.' },
  database_unavailable: {
    id: 'common.error.unavailable',
    defaultMessage: 'The hub is temporarily unavailable. Try again in a moment.',
  },
  internal_error: {
    id: 'common.error.internal',
    defaultMessage: 'Something went wrong on the hub. Try again; if it keeps happening, tell an administrator.',
  },
});

const UNKNOWN = defineMessages({
  text: { id: 'common.error.unknown', defaultMessage: 'Something went wrong. Try again.' },
});

/**
 * Where a screen's words are fixed elsewhere (the spec's §8 texts, a wait from Retry-After), the
 * screen hands its Wording to errorText instead of growing a translator of its own. `refusal`
 * words particular refusals (undefined: not this one); `unexpected` is the spec's dialect: the
 * server's message for any other refusal, this sentence for everything else.
 */
export interface Wording {
  refusal?: (error: ApiError) => string | undefined;
  /** A message (formatted in the active language) or words already formatted. */
  unexpected?: MessageDescriptor | string;
}

export function errorText(error: unknown, { refusal, unexpected: words }: Wording = {}): string {
  const intl = activeIntl();
  const unexpected = typeof words === 'object' ? intl.formatMessage(words) : words;
  if (!(error instanceof ApiError)) return unexpected ?? intl.formatMessage(UNKNOWN.text);
  const own = refusal?.(error);
  if (own !== undefined) return own;
  if (unexpected !== undefined) return (isRefusal(error) && error.message) || unexpected;
  const known = CODE_TEXT[error.code as keyof typeof CODE_TEXT];
  if (known) return intl.formatMessage(known);
  if (error.status >= 500 || error.status === 0) return intl.formatMessage(CODE_TEXT.internal_error);
  return error.message || intl.formatMessage(UNKNOWN.text);
}

function isRefusal(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500;
}
