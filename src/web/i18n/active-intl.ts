import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE } from '@shared/locales';

/**
 * The intl of the page, for code outside React components (lib/format.ts, lib/error-text.ts, the
 * API client's Accept-Language): the I18nProvider sets it whenever the language changes.
 */
const cache = createIntlCache();
let current: IntlShape = createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: {} }, cache);

export function activeIntl(): IntlShape {
  return current;
}

export function makeIntl(config: Parameters<typeof createIntl>[0]): IntlShape {
  current = createIntl(config, cache);
  return current;
}
