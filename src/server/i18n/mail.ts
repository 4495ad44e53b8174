import { textDirection, type Locale } from '../../shared/locales';
import { escapeHtml, t, tHtml, type MessageId } from './translate';

/** The mails the hub sends, each an ICU message pair `mail.<kind>.subject` / `mail.<kind>.body`. */
export type MailKind =
  | 'verify'
  | 'reset'
  | 'emailChange'
  | 'emailChanged'
  | 'invitation'
  | 'link'
  | 'signInCode'
  | 'signInLink'
  | 'impersonation';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

/**
 * One mail in the recipient's language, as plain text and as HTML (every value escaped; the
 * link a real anchor). Strings are the message's values, numbers its plural arguments.
 */
export function composeMail(
  locale: Locale,
  kind: MailKind,
  values: Record<string, string | number> & { link?: string },
): ComposedMail {
  const subjectId = `mail.${kind}.subject` as MessageId;
  const bodyId = `mail.${kind}.body` as MessageId;
  const text = t(locale, bodyId, values);
  const html: Record<string, string> = {};
  const numbers: Record<string, number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') numbers[name] = value;
    else if (name === 'link') html[name] = `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    // A value's own line breaks (a justification) stay inside its element.
    else html[name] = `<strong>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</strong>`;
  }
  const paragraphs = tHtml(locale, bodyId, html, numbers)
    .split('\n\n')
    .map((p) => `<p>${p.split('\n').join('<br>')}</p>`)
    .join('\n');
  const subject = t(locale, subjectId, values);
  return {
    subject,
    text,
    locale,
    html:
      `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
      `<title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">${paragraphs}</body></html>`,
  };
}
