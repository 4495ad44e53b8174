import { Refusal, type HubErrorCode } from '../../errors';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import { t, type MessageId } from '../../i18n/translate';
import type { AuditEvent } from '../../audit/record';
import type { LinkingRefusal } from '../linking';
import { UpstreamSignInError } from '../providers/oidc';

/**
 * What a person reads on the sign-in page of a refused federated sign-in (federation/pages.ts):
 * a server catalogue message, in the page's language. The refusal's own message (and so its
 * audit and log lines) is the English one.
 */
export interface SignInWords {
  id: Extract<MessageId, `page.signInError.${string}`>;
  values?: Record<string, string>;
}

export class SignInRefusal extends Refusal {
  constructor(
    code: HubErrorCode,
    options: { audit: AuditEvent },
    readonly words: SignInWords,
  ) {
    super(code, { ...options, message: t(DEFAULT_LOCALE, words.id, words.values) });
  }
}

/** What a person is told when the linking rules refuse, by reason. */
export const REFUSAL_TEXT: Record<LinkingRefusal | 'second_factor_required', SignInWords> = {
  inactive_account: { id: 'page.signInError.inactiveAccount' },
  no_email: { id: 'page.signInError.noEmail' },
  unverified_local_account: { id: 'page.signInError.unverifiedLocalAccount' },
  unverified_upstream_email: { id: 'page.signInError.unverifiedUpstreamEmail' },
  accounts_not_created: { id: 'page.signInError.accountsNotCreated' },
  second_factor_required: { id: 'page.signInError.secondFactorRequired' },
};

/** A refused federated sign-in: one `federated_sign_in_refused` row, written by the error hook. */
export function refused(
  code: HubErrorCode,
  words: SignInWords,
  details: { provider: string | null; subject?: string; reason: string; email?: string | null },
  userId?: string,
): Refusal {
  const audit: AuditEvent = {
    type: 'federated_sign_in_refused',
    ...(userId ? { userId } : {}),
    details: {
      reason: details.reason,
      ...(details.provider ? { provider: details.provider } : {}),
      ...(details.subject ? { subject: details.subject } : {}),
      ...(details.email !== undefined ? { email: details.email } : {}),
    },
  };
  return new SignInRefusal(code, { audit }, words);
}

/** An answer that does not belong to the sign-in this browser started (another provider's, another protocol's). */
export function mismatch(slug: string): Refusal {
  return refused(
    'invalid_request',
    { id: 'page.signInError.mismatch' },
    {
      provider: slug,
      reason: 'provider_mismatch',
    },
  );
}

/**
 * The protocol library's refusal (providers/) as the hub's: the reason names the failed check. A
 * provider that was never reached is named and said to be unreachable (issue 46), not to have
 * answered wrongly.
 */
export function upstreamRefusal(e: unknown, provider: { slug: string; displayName: string }): unknown {
  if (!(e instanceof UpstreamSignInError)) return e;
  const words: SignInWords = e.unreachable
    ? { id: 'page.signInError.unreachable', values: { provider: provider.displayName } }
    : { id: 'page.signInError.unusable' };
  return refused('invalid_request', words, { provider: provider.slug, reason: e.reason });
}
