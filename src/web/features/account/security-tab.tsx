import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ArrowRightIcon, ShieldAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSessionQuery } from '@/data/auth/session-query';
import { QueryState } from '@/components/query-state';
import { useMeQuery } from '@/data/me/me-query';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { TotpCard } from './totp-card';
import { LinkedIdentitiesCard } from './linked-identities-card';
import { authorizeReturnTo, OrgMfaNotice } from './org-mfa-notice';

/**
 * Security: the password, the authenticator app with its recovery codes, passkeys and the linked
 * identity providers (issue 27). An
 * administrator the server refused for want of a second factor arrives here with
 * ?enrol=required and is told why; so is a member of an organization requiring MFA, sent from an
 * app's sign-in with ?org_mfa=<slug> (issue 29), who is offered the way back once enrolled; and
 * (issue 42) a person an app's sign-in sent here to change a breached password
 * (?password_change=required&return_to=…), offered the way back once it is changed.
 */
export default function SecurityTab() {
  const intl = useIntl();
  const me = useMeQuery();
  const [params] = useSearchParams();
  const mustEnrol = params.get('enrol') === 'required';
  const orgMfa = params.get('org_mfa');
  const hasSecondFactor = Boolean(me.data && (me.data.mfa.totp || me.data.mfa.passkeys > 0));
  const session = useSessionQuery();
  const passwordChanged = params.get('password_change') === 'required' && session.data?.user?.password_change === null;
  const backToApp = passwordChanged ? authorizeReturnTo(params.get('return_to')) : null;
  const app = params.get('app')?.trim().slice(0, 100) || null;
  return (
    <>
      {backToApp && (
        <Button asChild size="sm" className="self-start">
          {/* A full page load: /oauth/authorize is the server's, not a screen of this app. */}
          <a href={backToApp} data-testid="password-change-continue">
            <FormattedMessage
              id="account.orgMfa.continue"
              defaultMessage="Continue to {app}"
              values={{ app: app ?? intl.formatMessage({ id: 'account.orgMfa.theApp', defaultMessage: 'the app' }) }}
            />{' '}
            <ArrowRightIcon aria-hidden />
          </a>
        </Button>
      )}
      {orgMfa && me.data && (
        <OrgMfaNotice
          orgSlug={orgMfa}
          appName={params.get('app')}
          returnTo={params.get('return_to')}
          hasSecondFactor={hasSecondFactor}
        />
      )}
      {mustEnrol && !hasSecondFactor && (
        <div
          role="alert"
          data-testid="mfa-required"
          className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
        >
          <ShieldAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <FormattedMessage
              id="account.security.adminNeedsMfa"
              defaultMessage="<b>Administrators need a second factor.</b> Set up an authenticator app or add a passkey below, then return to the admin dashboard."
              values={{ b: (chunks) => <strong>{chunks}</strong> }}
            />
          </p>
        </div>
      )}
      <PasswordCard />
      <QueryState
        query={me}
        loadingLabel={intl.formatMessage({
          id: 'account.security.loading',
          defaultMessage: 'Loading your sign-in methods…',
        })}
        loadingRows={2}
        errorTitle={intl.formatMessage({
          id: 'account.security.loadError',
          defaultMessage: 'Could not load your sign-in methods',
        })}
      >
        {(data) => (
          <>
            <TotpCard mfa={data.mfa} />
            <PasskeysCard />
            <LinkedIdentitiesCard />
          </>
        )}
      </QueryState>
    </>
  );
}
