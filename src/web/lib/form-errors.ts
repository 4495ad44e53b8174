import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ValidationIssue } from '@shared/api/errors';
import { activeIntl } from '@/i18n/active-intl';
import { ApiError, isFieldRefusal, issuesOf } from './api';
import { errorText, type Wording } from './error-text';

/**
 * How a form turns the server's refusal into words beside its fields (issue 46). The API keeps
 * its field paths for programs (`email_domains.0`, `app_url`: shared/api/errors.ts `issues`); a
 * person never reads one. Each issue goes to the form field its path names (`paths` maps an API
 * name onto the form's own, else the path's first segment is taken as the field), in plain words
 * from the issue's code and bound, or the form's own words for that field (a slug's pattern).
 * Whatever names no field of the form is said without its path, on the form's one error line.
 */
const ISSUE_TEXT = defineMessages({
  required: { id: 'form.issue.required', defaultMessage: 'Fill in this field.' },
  tooShort: {
    id: 'form.issue.tooShort',
    defaultMessage: 'Use at least {minimum, plural, one {# character} other {# characters}}.',
  },
  tooLong: {
    id: 'form.issue.tooLong',
    defaultMessage: 'Use at most {maximum, plural, one {# character} other {# characters}}.',
  },
  tooFew: { id: 'form.issue.tooFew', defaultMessage: 'Add at least {minimum, plural, one {one} other {#}}.' },
  tooMany: { id: 'form.issue.tooMany', defaultMessage: 'Keep it to {maximum, plural, one {one} other {#}} at most.' },
  numberTooSmall: { id: 'form.issue.numberTooSmall', defaultMessage: 'Enter a number of at least {minimum}.' },
  numberTooBig: { id: 'form.issue.numberTooBig', defaultMessage: 'Enter a number of at most {maximum}.' },
  url: { id: 'form.issue.url', defaultMessage: 'Enter a full web address, such as https://app.example.com.' },
  email: { id: 'form.issue.email', defaultMessage: 'Enter an email address, such as name@example.com.' },
  format: { id: 'form.issue.format', defaultMessage: 'This is not in the form the field expects.' },
  choice: { id: 'form.issue.choice', defaultMessage: 'Choose one of the options offered.' },
  invalid: { id: 'form.issue.invalid', defaultMessage: 'This value is not accepted.' },
  elsewhere: {
    id: 'form.issue.elsewhere',
    defaultMessage: 'The hub did not accept this form: {words}',
  },
});

/** A form's own words for a field, used instead of the generic ones for its format or value problems. */
export type FieldWords<F extends string> = Partial<Record<F, MessageDescriptor | string>>;

interface FormProblems<F extends string> {
  /** Plain words per form field, in the order the server listed them. */
  fields: Partial<Record<F, string>>;
  /** What belongs to no field of the form, already in words (null: nothing). */
  other: string | null;
}

/** The plain words for one issue (never its path). */
function issueWords(issue: ValidationIssue, own?: MessageDescriptor | string): string {
  const intl = activeIntl();
  const say = (m: MessageDescriptor, values?: Record<string, unknown>) =>
    intl.formatMessage(m, values as Record<string, string>);
  const ownWords = own === undefined ? undefined : typeof own === 'string' ? own : say(own);
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') return say(ISSUE_TEXT.numberTooSmall, { minimum: issue.minimum });
      if (issue.origin === 'array' || issue.origin === 'set') return say(ISSUE_TEXT.tooFew, { minimum: min });
      return min <= 1 ? say(ISSUE_TEXT.required) : say(ISSUE_TEXT.tooShort, { minimum: min });
    case 'too_big':
      if (issue.origin === 'number') return say(ISSUE_TEXT.numberTooBig, { maximum: issue.maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return say(ISSUE_TEXT.tooMany, { maximum: max });
      return say(ISSUE_TEXT.tooLong, { maximum: max });
    case 'invalid_format':
      if (ownWords) return ownWords;
      if (issue.format === 'url') return say(ISSUE_TEXT.url);
      if (issue.format === 'email') return say(ISSUE_TEXT.email);
      return say(ISSUE_TEXT.format);
    case 'invalid_value':
    case 'invalid_enum_value':
      return ownWords ?? say(ISSUE_TEXT.choice);
    case 'invalid_type':
      return /undefined|required/i.test(issue.message)
        ? say(ISSUE_TEXT.required)
        : (ownWords ?? say(ISSUE_TEXT.invalid));
    default:
      return ownWords ?? say(ISSUE_TEXT.invalid);
  }
}

/** A service's words that open with the field's path (`target: the address is private.`), without it. */
function withoutPath(text: string, path: string): string {
  if (!text.startsWith(`${path}: `)) return text;
  const rest = text.slice(path.length + 2);
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
}

/**
 * The form field an API path belongs to: the longest prefix `paths` names (`email_domains.0` →
 * `email_domains`), else the path's first segment when the form has a field of that name.
 */
function fieldForPath<F extends string>(
  path: string,
  fields: readonly F[],
  paths: Partial<Record<string, F>> = {},
): F | undefined {
  const segments = path.split('.');
  for (let n = segments.length; n > 0; n--) {
    const prefix = segments.slice(0, n).join('.');
    const named = paths[prefix];
    if (named) return named;
    if ((fields as readonly string[]).includes(prefix)) return prefix as F;
  }
  return undefined;
}

/**
 * A failure as a form shows it: every refused field's words beside it, the rest on the error
 * line (error-text.ts's words for a refusal that names no field, the path-less words otherwise).
 */
export function formProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
  { paths, words, wording }: { paths?: Partial<Record<string, F>>; words?: FieldWords<F>; wording?: Wording } = {},
): FormProblems<F> {
  const issues = error instanceof ApiError && isFieldRefusal(error) ? issuesOf(error) : [];
  if (issues.length === 0) return { fields: {}, other: errorText(error, wording) };
  const out: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const field = fieldForPath(issue.field, fields, paths);
    const text =
      issue.code === 'refused'
        ? withoutPath(errorText(error, wording), issue.field)
        : issueWords(issue, field ? words?.[field] : undefined);
    if (field) out[field] ??= text;
    else if (!rest.includes(text)) rest.push(text);
  }
  const other = rest.length
    ? activeIntl().formatMessage(ISSUE_TEXT.elsewhere as MessageDescriptor, { words: rest.join(' ') })
    : null;
  return { fields: out, other };
}
