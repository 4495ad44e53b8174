import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, textDirection, type Locale } from '@shared/locales';

type Messages = Record<string, string>;

/**
 * One catalogue per locale under src/web/locales/, each its own chunk: only the active one is
 * loaded. English is the source language: its messages are the `defaultMessage`s in the code,
 * so it loads nothing.
 */
const catalogues = import.meta.glob<Messages>(['../locales/*.json', '!../locales/en.json'], { import: 'default' });

export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return {};
  const load = catalogues[`../locales/${locale}.json`];
  return load ? await load() : {};
}

const STORAGE_KEY = 'hub.locale';

/** The locale before anything is known about the person: a choice made in this browser, else the browser's languages. */
export function initialLocale(): Locale {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked: fall through to the browser's languages
  }
  const uiLocales = new URLSearchParams(location.search).get('ui_locales');
  return negotiateLocale({ saved, uiLocales, acceptLanguage: navigator.languages.join(',') });
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

/** Every page stands inside this: the messages of the active locale, and `<html lang dir>` following it. */
export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => fixed ?? initialLocale());
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(
    locale === DEFAULT_LOCALE ? { locale, messages: {} } : null,
  );

  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => current && setLoaded({ locale, messages }));
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
    return () => {
      current = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    if (!isLocale(next)) return;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page
    }
    setLocaleState(next);
  }, []);

  const context = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  if (!loaded) return null;
  return (
    <LocaleContext.Provider value={context}>
      <IntlProvider
        locale={loaded.locale}
        defaultLocale={DEFAULT_LOCALE}
        messages={loaded.messages}
        onError={ignoreMissingInSource}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
