import { ArrowRightIcon, ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useMyOrgsQuery } from '@/data/orgs/my-orgs-query';
import { safeReturnPath } from '@shared/return-path';

/**
 * Only the hub's own authorization endpoint may be continued to: the server sends exactly such a
 * request (oauth/authorize/authorize.ts enrolmentUrl), and anything else in the address bar
 * ('//evil.example', 'https://…', another page) would make this link an open redirect. The
 * shared return-path rule first, then that one endpoint.
 */
export function authorizeReturnTo(value: string | null): string | null {
  const path = safeReturnPath(value);
  return path?.startsWith('/oauth/authorize?') ? path : null;
}

/**
 * Issue 29: an organization that requires MFA sent its member here from an app's sign-in
 * (/account?tab=security&org_mfa=<slug>&app=<name>&return_to=/oauth/authorize?…). It says why,
 * and once a factor is set up, offers the way back; the request then asks for a sign-in with it.
 * The organization's name comes from the member's own organizations, never from the address.
 */
export function OrgMfaNotice({
  orgSlug,
  appName,
  returnTo,
  hasSecondFactor,
}: {
  orgSlug: string;
  appName: string | null;
  returnTo: string | null;
  hasSecondFactor: boolean;
}) {
  const intl = useIntl();
  const orgName = useMyOrgsQuery({ select: (orgs) => orgs.find((o) => o.slug === orgSlug)?.name }).data ?? orgSlug;
  const back = authorizeReturnTo(returnTo);
  const app = appName?.trim()
    ? appName.trim().slice(0, 100)
    : intl.formatMessage({ id: 'account.orgMfa.theApp', defaultMessage: 'the app' });
  if (hasSecondFactor)
    return (
      <div
        role="status"
        data-testid="org-mfa-ready"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-success/50 bg-success/10 p-4 text-sm"
      >
        <ShieldCheckIcon className="size-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 basis-64">
          <FormattedMessage
            id="account.orgMfa.ready"
            defaultMessage="<b>Your second factor is set up.</b> {org} asks you to sign in with it once more."
            values={{ org: orgName, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        {back && (
          <Button asChild size="sm">
            {/* A full page load: /oauth/authorize is the server's, not a screen of this app. */}
            <a href={back} data-testid="org-mfa-continue">
              <FormattedMessage id="account.orgMfa.continue" defaultMessage="Continue to {app}" values={{ app }} />{' '}
              <ArrowRightIcon aria-hidden />
            </a>
          </Button>
        )}
      </div>
    );
  return (
    <div
      role="alert"
      data-testid="org-mfa-required"
      className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
    >
      <ShieldAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <FormattedMessage
          id="account.orgMfa.required"
          defaultMessage="<b>{org} requires a second factor.</b> Set up an authenticator app or add a passkey below, then continue to {app}."
          values={{ org: orgName, app, b: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
    </div>
  );
}
