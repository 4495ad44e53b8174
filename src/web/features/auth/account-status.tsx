import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOutIcon } from 'lucide-react';
import { useAuth } from '@/auth/auth-provider';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';

/**
 * Who is signed in, and the one Sign out control, shown in the top banner on every page
 * (nothing while loading or signed out). Signing out ends the server session, clears the
 * cached state and returns to /auth.
 */
export function AccountStatus() {
  const intl = useIntl();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOut({ forgetLocation: true });
      navigate('/auth', { replace: true });
    } catch (error) {
      notify.error(intl.formatMessage({ id: 'common.signOutFailed', defaultMessage: 'Failed to sign out' }), { error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-3">
      <span className="hidden opacity-80 sm:inline" data-testid="signed-in-as">
        {user.email}
      </span>
      <button
        type="button"
        onClick={handleSignOut}
        disabled={busy}
        className={cn(
          'inline-flex min-h-6 items-center gap-1 rounded px-1.5 py-0.5 font-semibold hover:underline',
          'focus-visible:outline-2 focus-visible:outline-offset-2',
        )}
      >
        <LogOutIcon className="size-3.5" aria-hidden />{' '}
        <FormattedMessage id="common.signOut" defaultMessage="Sign out" />
      </button>
    </div>
  );
}
