import { useCallback } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

/**
 * Words of the static module screens: a message (sample labels, hints, issues: translated) or a
 * plain string (names, figures and sample values that are the same in every language).
 */
export type Text = string | MessageDescriptor;

/** `t(text)`: a Text in the active locale. */
export function useText(): (text: Text) => string {
  const intl = useIntl();
  return useCallback((text: Text) => (typeof text === 'string' ? text : intl.formatMessage(text)), [intl]);
}

/** A stable React key for a Text, whatever the locale. */
export function textKey(text: Text): string {
  return typeof text === 'string' ? text : String(text.id);
}
