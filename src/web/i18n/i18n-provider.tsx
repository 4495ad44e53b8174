import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { Direction } from 'radix-ui';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, textDirection, type Locale } from '@shared/locales';
import { makeIntl } from './active-intl';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

/** A catalogue: messages as written (development, tests) or parsed at build time (the built app). */
type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * One catalogue per locale under src/web/locales/, each its own chunk: only the active one is
 * loaded. English is the source language: its messages are the `defaultMessage`s in the code,
 * so it loads nothing (en.json is read only by the test-only pseudo-locale below).
 */
const catalogues = import.meta.glob<Messages>(['../locales/*.json', '!../locales/en.json'], { import: 'default' });

export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return {};
  const load = catalogues[`../locales/${locale}.json`];
  return load ? await load() : {};
}

const STORAGE_KEY = 'hub.locale';
const PSEUDO_KEY = 'hub.pseudo';

/**
 * The test-only pseudo-locale (issue 39): `?pseudo=1` once in a tab wraps every catalogued
 * message in ⟦…⟧, so a browser test can find any text a screen shows that is not in the
 * catalogue. It is no language: the menu never offers it, and it lasts for the tab only.
 */
function pseudoMode(): boolean {
  try {
    if (new URLSearchParams(location.search).get('pseudo') === '1') sessionStorage.setItem(PSEUDO_KEY, '1');
    return sessionStorage.getItem(PSEUDO_KEY) === '1';
  } catch {
    return false;
  }
}

const sourceCatalogue = import.meta.glob<Messages>('../locales/en.json', { import: 'default' });

async function loadPseudoMessages(): Promise<Messages> {
  const source = await sourceCatalogue['../locales/en.json']!();
  // A built catalogue holds parsed messages (scripts/precompile-messages.ts): the markers are literals around them.
  const entries = Object.entries(source as Record<string, string | MessageFormatElement[]>);
  if (entries.every(([, m]) => typeof m === 'string'))
    return Object.fromEntries(entries.map(([id, m]) => [id, `⟦${m as string}⟧`]));
  const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });
  return Object.fromEntries(
    entries.map(([id, m]) => [id, [literal('⟦'), ...(m as MessageFormatElement[]), literal('⟧')]]),
  );
}

/**
 * The built app carries no ICU parser (scripts/precompile-messages.ts parses every message at
 * build time). A message that still arrives as a string would find none, so the parser is
 * fetched after the first screen, as a safety net; in tests and development it is there anyway.
 */
export function loadParserLater(): void {
  void import('hub-icu-parser').then(({ parse }) => {
    IntlMessageFormat.__parse = parse;
  });
}

/**
 * The locale before anything is known about the person: a choice made in this browser, else the
 * browser's languages; the source language where there is no browser (the build's prerender).
 */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked: fall through to the browser's languages
  }
  const uiLocales = new URLSearchParams(location.search).get('ui_locales');
  return negotiateLocale({ saved, uiLocales, acceptLanguage: navigator.languages.join(',') });
}

/** Whether this tab starts in the source language, as the page prerendered at build time does (main.tsx). */
export function startsInSourceLanguage(): boolean {
  return !pseudoMode() && initialLocale() === DEFAULT_LOCALE;
}

type LocaleContextValue = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, setLocale: () => {} });

/**
 * The active locale and the way to change it (the language menu; the profile's saved choice).
 * @public
 */
export function useLocale() {
  return useContext(LocaleContext);
}

const ignoreMissingInSource: ResolvedIntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
};

/**
 * Every page stands inside this: the messages of the active locale, and `<html lang dir>`
 * following it. A change of language remounts the tree under it, so every date and number
 * formatted outside a message (lib/format.ts) is formatted again too.
 */
export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [pseudo] = useState(() => !fixed && pseudoMode());
  const [locale, setLocaleState] = useState<Locale>(() => fixed ?? initialLocale());
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(
    locale === DEFAULT_LOCALE && !pseudo ? { locale, messages: {} } : null,
  );

  useEffect(() => {
    let current = true;
    void (pseudo ? loadPseudoMessages() : loadMessages(locale)).then(
      (messages) => current && setLoaded({ locale, messages }),
    );
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
    return () => {
      current = false;
    };
  }, [locale, pseudo]);

  const setLocale = useCallback((next: Locale) => {
    if (!isLocale(next)) return;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page
    }
    setLocaleState(next);
  }, []);

  const intl = useMemo(
    () =>
      loaded &&
      makeIntl({
        locale: loaded.locale,
        defaultLocale: DEFAULT_LOCALE,
        messages: loaded.messages,
        onError: ignoreMissingInSource,
      }),
    [loaded],
  );
  const context = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  if (!intl || !loaded) return null;
  return (
    <LocaleContext.Provider value={context}>
      <RawIntlProvider key={loaded.locale} value={intl}>
        {/* Radix primitives (tabs, menus, selects…) write their own `dir`, ltr unless told. */}
        <Direction.Provider dir={textDirection(loaded.locale)}>{children}</Direction.Provider>
      </RawIntlProvider>
    </LocaleContext.Provider>
  );
}
