import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { LanguagesIcon } from 'lucide-react';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '@shared/locales';
import { useAuth } from '@/auth/auth-provider';
import { useLocale } from '@/i18n/i18n-provider';
import { updateProfile } from '@/data/me/profile-update-mutation';
import { notify } from '@/lib/notify';

/** The saved choice last applied in this tab: a remount (a change of language remounts) must not apply it again. */
let appliedSavedLocale: string | null = null;

/**
 * The person's saved language wins once they are known (issue 39: saved choice, then the
 * authorization request's ui_locales, then the browser's languages): applied when it first
 * arrives and whenever it changes, never again over a choice made since.
 */
function useSavedLocale(saved: string | null | undefined, setLocale: (l: Locale) => void) {
  useEffect(() => {
    if (!saved || saved === appliedSavedLocale || !isLocale(saved)) return;
    appliedSavedLocale = saved;
    setLocale(saved);
  }, [saved, setLocale]);
}

/**
 * The language menu of the top banner (every page, /auth included): each language in its own
 * name. A choice applies at once, is kept in this browser, and is saved to the profile when
 * someone is signed in (so mail and other devices follow it).
 */
export function LanguageMenu() {
  const intl = useIntl();
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { user, refresh } = useAuth();
  useSavedLocale(user?.locale, setLocale);

  function choose(next: string) {
    if (!isLocale(next) || next === locale) return;
    appliedSavedLocale = next;
    setLocale(next);
    if (!user) return;
    updateProfile({ locale: next })
      .then(() => refresh())
      .catch((error: unknown) =>
        notify.error(
          intl.formatMessage({ id: 'common.language.saveFailed', defaultMessage: 'Your language could not be saved' }),
          {
            error,
          },
        ),
      );
  }

  return (
    <div className="inline-flex min-h-6 items-center gap-1">
      <LanguagesIcon className="size-3.5" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage({ id: 'common.language.label', defaultMessage: 'Language' })}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => choose(e.target.value)}
        className={
          'rounded border border-background/40 bg-foreground px-1 py-0.5 text-xs text-background ' +
          'focus-visible:outline-2 focus-visible:outline-offset-2'
        }
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
