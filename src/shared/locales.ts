/**
 * The languages the hub speaks, and the one rule that picks one of them for a request: the
 * person's saved choice, else OIDC `ui_locales`, else `Accept-Language`, else English. Shared by
 * the server (mail, API messages, discovery) and the web app.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Each locale's name in its own language, for the language menu.
 * @public
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The supported locale for one BCP 47 tag: an exact match (case-insensitive), else the first
 * supported locale of the same language ("es-MX" → "es", "pt" → "pt-BR"); null when none.
 */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? null;
}

/** OIDC Core §3.1.2.1 `ui_locales`: space-separated tags in order of preference; the first supported wins. */
export function fromUiLocales(value: string | null | undefined): Locale | null {
  for (const tag of (value ?? '').split(' ')) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

/** RFC 9110 §12.5.4 `Accept-Language`: tags by descending q (ties keep their order); q=0 is "not this". */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const match = matchLocale(r.tag);
    if (match) return match;
  }
  return null;
}

/** The rule in one place: saved choice, then `ui_locales`, then `Accept-Language`, then English. */
export function negotiateLocale(input: {
  saved?: string | null;
  uiLocales?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  return (
    (input.saved ? matchLocale(input.saved) : null) ??
    fromUiLocales(input.uiLocales) ??
    fromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
