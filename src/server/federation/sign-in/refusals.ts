import { Refusal, type HubErrorCode } from '../../errors';
import type { AuditEvent } from '../../audit/record';
import type { LinkingRefusal } from '../linking';
import { UpstreamSignInError } from '../providers/oidc';

/** What a person is told when the linking rules refuse, by reason. */
export const REFUSAL_TEXT: Record<LinkingRefusal | 'second_factor_required', string> = {
  inactive_account: 'This account is deactivated.',
  no_email: 'The identity provider did not share an email address, so no account can be found or created.',
  unverified_local_account:
    'An account with this email address exists, but its address was never verified, so it cannot be connected ' +
    'to this sign-in. Sign in with your password and verify your email first.',
  unverified_upstream_email:
    'The identity provider did not confirm this email address, so no account can be created or connected with it. ' +
    'Sign in another way, then connect this provider from your account\u2019s security settings.',
  accounts_not_created:
    'No account uses this email address, and this identity provider may only sign in existing accounts.',
  second_factor_required: 'This account uses a second factor. Sign in with your password and second factor instead.',
};

/** A refused federated sign-in: one `federated_sign_in_refused` row, written by the error hook. */
export function refused(
  code: HubErrorCode,
  message: string,
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
  return new Refusal(code, { message, audit });
}

/** An answer that does not belong to the sign-in this browser started (another provider's, another protocol's). */
export function mismatch(slug: string): Refusal {
  return refused('invalid_request', 'This answer does not belong to the sign-in that was started.', {
    provider: slug,
    reason: 'provider_mismatch',
  });
}

/**
 * The protocol library's refusal (providers/) as the hub's: the reason names the failed check. A
 * provider that was never reached is named and said to be unreachable (issue 46), not to have
 * answered wrongly.
 */
export function upstreamRefusal(e: unknown, provider: { slug: string; displayName: string }): unknown {
  if (!(e instanceof UpstreamSignInError)) return e;
  const message = e.unreachable
    ? `${provider.displayName} cannot be reached right now. Try again in a few minutes, or sign in another way.`
    : 'The identity provider\u2019s answer could not be accepted. Please try again.';
  return refused('invalid_request', message, { provider: provider.slug, reason: e.reason });
}
