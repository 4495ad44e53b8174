import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, matchLocale, negotiateLocale, type Locale } from '../../shared/locales';
import { en, type Catalogue, type MessageId } from './catalogues/en';
import { SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';
import { de } from './catalogues/de';
import { ptBR } from './catalogues/pt-BR';
import { ar } from './catalogues/ar';

/**
 * The server's one home for words a person reads (mail, the hub's own pages, API error
 * messages): ICU messages per locale (./catalogues), formatted with intl-messageformat — the
 * same ICU engine react-intl uses in the web app.
 */
export const SERVER_CATALOGUES: Record<Locale, Catalogue> = { en, es, fr, de, 'pt-BR': ptBR, ar };

export type { MessageId };
type Values = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, id: MessageId): IntlMessageFormat {
  const key = `${locale}\u0000${id}`;
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(SERVER_CATALOGUES[locale][id], locale);
    compiled.set(key, f);
  }
  return f;
}

/** One message as plain text. */
export function t(locale: Locale, id: MessageId, values?: Values): string {
  return String(formatter(locale, id).format(values));
}

/**
 * One message as HTML: the message's own text escaped, each value replaced by the HTML given for
 * it (callers escape what they pass; `escapeHtml` below). Values are formatted as markers first,
 * so a value can never be read as markup of the message, nor the message's text as a value.
 */
export function tHtml(
  locale: Locale,
  id: MessageId,
  html: Record<string, string>,
  numbers: Record<string, number> = {},
) {
  const markers: Record<string, string> = {};
  Object.keys(html).forEach((name, i) => (markers[name] = `\u0001${i}\u0002`));
  const text = escapeHtml(t(locale, id, { ...numbers, ...markers }));
  return Object.values(html).reduce((out, value, i) => out.split(`\u0001${i}\u0002`).join(value), text);
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The language of a request's answer (src/shared/locales.ts): the person's saved choice, else
 * OIDC `ui_locales` (an authorization request's, or the query's), else Accept-Language, else en.
 */
export function requestLocale(
  request: FastifyRequest,
  input: { saved?: string | null; uiLocales?: string } = {},
): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const uiLocales = input.uiLocales ?? (typeof query?.ui_locales === 'string' ? query.ui_locales : undefined);
  return negotiateLocale({ saved: input.saved, uiLocales, acceptLanguage: request.headers['accept-language'] });
}

/** The language of a mail: the recipient's saved choice, else the request's (`actor.locale`), else en. */
export function recipientLocale(saved: string | null | undefined, requested?: Locale): Locale {
  return (saved ? matchLocale(saved) : null) ?? requested ?? DEFAULT_LOCALE;
}

/**
 * An API error's message in the request's language (issue 39): `code` stays as it is for
 * programs; the registry's default message of a code the catalogue knows is translated, and so
 * are the sign-in messages that count attempts or minutes. A message written for one case
 * (naming a field, a limit) stays as written.
 */
export function localizedErrorMessage(
  locale: Locale,
  error: { code: string; message: string; extra?: Record<string, unknown> },
  defaultMessage?: string,
): string {
  const { code, message, extra = {} } = error;
  if (locale === DEFAULT_LOCALE) return message;
  const remaining = extra.attempts_remaining;
  if (
    code === 'invalid_credentials' &&
    typeof remaining === 'number' &&
    message === SIGN_IN_MESSAGES.invalid(remaining)
  )
    return t(locale, 'error.invalid_credentials.remaining', { remaining });
  const minutes = extra.retry_after_minutes;
  if (typeof minutes === 'number' && message === SIGN_IN_MESSAGES.blocked(minutes))
    return t(locale, 'error.too_many_attempts.minutes', { minutes });
  const id = `error.${code}`;
  if (!(id in en) || (message !== defaultMessage && message !== en[id as MessageId])) return message;
  return t(locale, id as MessageId);
}
