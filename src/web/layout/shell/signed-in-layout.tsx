import { useIntl } from 'react-intl';
import { useAuth } from '@/auth/auth-provider';
import { VerificationBanner } from '@/features/account/verification-banner';
import { RefusalHost } from '@/features/step-up/refusal-host';
import { AppShell } from './app-shell';

/**
 * The app shell of every signed-in screen (admin, OAuth admin, account, sessions, modules):
 * names the signed-in user (already loaded by the guard above, so no request of its own) and
 * links only what the role may open.
 */
export default function SignedInLayout() {
  const { user, isEcosystemAdmin } = useAuth();
  const intl = useIntl();
  const name =
    user?.full_name || user?.email || intl.formatMessage({ id: 'common.signedIn', defaultMessage: 'Signed in' });
  return (
    <>
      <RefusalHost />
      <AppShell
        mode="live"
        user={{ name, detail: user?.full_name ? user.email : 'Ecosystem Hub' }}
        isEcosystemAdmin={isEcosystemAdmin}
        notice={user && !user.email_verified && <VerificationBanner email={user.email} />}
      />
    </>
  );
}
