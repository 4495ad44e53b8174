import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EyeIcon, KeyRoundIcon } from 'lucide-react';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { notify } from '@/lib/notify';
import { authKeys } from '@/data/auth/keys';
import type { SessionState } from '@/data/auth/session-query';

/**
 * The notices under the top banner (session-notices.tsx), loaded only when one is shown: most
 * visits show neither, and the landing page's first render does not carry them.
 */
export function ImpersonationBanner({ state }: { state: SessionState }) {
  const intl = useIntl();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const user = state.user!;
  const until = new Date(state.impersonation!.expires_at);

  async function end() {
    setBusy(true);
    try {
      const back = await api.delete<SessionState>('/api/admin/impersonation');
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
      client.setQueryData(authKeys.session, back);
      navigate(back.user ? '/admin' : '/auth', { replace: true });
    } catch (error) {
      notify.error(
        intl.formatMessage({
          id: 'auth.impersonation.endFailed',
          defaultMessage: 'Could not end viewing as this user',
        }),
        {
          error,
        },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="region"
      aria-label={intl.formatMessage({ id: 'auth.impersonation.region', defaultMessage: 'Viewing as another user' })}
      data-testid="impersonation-banner"
      className="bg-amber-300 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <EyeIcon className="size-4 shrink-0" aria-hidden />
        <p className="font-medium">
          <FormattedMessage
            id="auth.impersonation.banner"
            defaultMessage="You are viewing as {name} ({email}) until {time}. Their password, factors and identities are out of reach."
            values={{
              name: user.full_name ?? user.email,
              email: user.email,
              time: intl.formatTime(until, { hour: '2-digit', minute: '2-digit' }),
            }}
          />
        </p>
        <button
          type="button"
          onClick={() => void end()}
          disabled={busy}
          className={cn(
            'ml-auto rounded border border-amber-950 px-2 py-0.5 font-semibold',
            'hover:bg-amber-950 hover:text-amber-50 focus-visible:outline-2',
          )}
        >
          <FormattedMessage id="auth.impersonation.end" defaultMessage="End" />
        </button>
      </div>
    </div>
  );
}

export function PasswordChangeNotice({ required }: { required: boolean }) {
  const intl = useIntl();
  return (
    <div
      role="region"
      aria-label={intl.formatMessage({ id: 'auth.breached.region', defaultMessage: 'Password found in a breach' })}
      data-testid="password-change-notice"
      className={required ? 'bg-destructive text-white' : 'bg-amber-100 text-amber-950'}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <KeyRoundIcon className="size-4 shrink-0" aria-hidden />
        <p>
          {required ? (
            <FormattedMessage
              id="auth.breached.required"
              defaultMessage="Your password appears in a list of breached passwords. Your administrator requires you to change it now."
            />
          ) : (
            <FormattedMessage
              id="auth.breached.asked"
              defaultMessage="Your password appears in a list of breached passwords. Please change it."
            />
          )}
        </p>
        <Link to="/account" className="ml-auto font-semibold underline underline-offset-4">
          <FormattedMessage id="auth.breached.change" defaultMessage="Change password" />
        </Link>
      </div>
    </div>
  );
}
