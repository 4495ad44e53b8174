import type { BrowserAuth } from './sessions';
import type { SessionView } from '../../shared/api/auth';

/** GET /api/auth/session's body (sessionViewSchema): an explicit projection, never a hash. */
export function sessionView(auth: BrowserAuth | null): SessionView {
  if (!auth) return { user: null, session: null, is_ecosystem_admin: false };
  const { user, session } = auth;
  return {
    user: {
      id: user.id,
      email: user.email,
      full_name: user.fullName,
      organization: user.organization,
      department: user.department,
      email_verified: user.emailVerifiedAt !== null,
      created_at: user.createdAt.toISOString(),
      last_login_at: user.lastLoginAt?.toISOString() ?? null,
      locale: user.locale,
      password_change: user.passwordChange ?? null,
    },
    session: { id: session.id, expires_at: sessionExpiresAt(auth).toISOString() },
    is_ecosystem_admin: auth.isEcosystemAdmin,
    impersonation:
      session.act && auth.impersonator
        ? {
            admin_id: auth.impersonator.id,
            admin_email: auth.impersonator.email,
            admin_name: auth.impersonator.name,
            expires_at: session.expiresAt.toISOString(),
          }
        : null,
  };
}

/** The absolute expiry (idle expiry moves with use, so the absolute one is what we can promise). */
function sessionExpiresAt(auth: BrowserAuth): Date {
  return auth.session.expiresAt;
}
