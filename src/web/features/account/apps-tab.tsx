import { AppWindowIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { useMyAppsQuery, type ConnectedApp } from '@/data/me/my-apps-query';
import { useMyAppRevokeMutation } from '@/data/me/my-app-revoke-mutation';
import { notify } from '@/lib/notify';
import { AccountSection } from './account-section';

function AppRow({ app }: { app: ConnectedApp }) {
  const intl = useIntl();
  const name = app.app_name;
  const revoke = useMyAppRevokeMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage(
          { id: 'account.apps.revoked', defaultMessage: '{name} can no longer use your account' },
          { name },
        ),
      ),
  });
  return (
    <Card data-testid="connected-app">
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base break-words">
          {app.app_name}
        </CardTitle>
        <CardDescription>
          {app.consented_at
            ? intl.formatMessage(
                { id: 'account.apps.allowedOn', defaultMessage: 'Allowed {date}' },
                { date: intl.formatDate(app.consented_at, { dateStyle: 'medium' }) },
              )
            : intl.formatMessage({
                id: 'account.apps.signedInWithHub',
                defaultMessage: 'Signed in with your hub account',
              })}
          {app.active_sessions > 0 &&
            ` · ${intl.formatMessage(
              {
                id: 'account.apps.activeSessions',
                defaultMessage: '{count, plural, one {# active session} other {# active sessions}}',
              },
              { count: app.active_sessions },
            )}`}
          {app.last_used_at &&
            ` · ${intl.formatMessage(
              { id: 'account.apps.lastUsed', defaultMessage: 'last used {date}' },
              { date: intl.formatDate(app.last_used_at, { dateStyle: 'medium' }) },
            )}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {app.scopes.length > 0 && (
          <ul
            className="flex flex-wrap gap-1"
            aria-label={intl.formatMessage(
              { id: 'account.apps.scopesLabel', defaultMessage: 'What {name} may access' },
              { name },
            )}
          >
            {app.scopes.map((s) => (
              <li key={s}>
                <Badge variant="secondary">{s}</Badge>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="destructive"
          size="sm"
          aria-label={intl.formatMessage(
            { id: 'account.apps.revokeLabel', defaultMessage: 'Revoke access of {name}' },
            { name },
          )}
          onClick={() => revoke.mutate(app.client_id)}
          disabled={revoke.isPending}
        >
          {revoke.isPending
            ? intl.formatMessage({ id: 'account.apps.revoking', defaultMessage: 'Revoking…' })
            : intl.formatMessage({ id: 'account.apps.revoke', defaultMessage: 'Revoke access' })}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Connected apps: what you allowed, and apps signed in as you; revoking ends every token of the app. */
export default function AppsTab() {
  const intl = useIntl();
  const apps = useMyAppsQuery();
  return (
    <AccountSection
      id="apps"
      title={intl.formatMessage({ id: 'account.apps.title', defaultMessage: 'Connected apps' })}
      intro={intl.formatMessage({
        id: 'account.apps.intro',
        defaultMessage: 'Apps you allowed to use your account. Revoking signs the app out and withdraws your consent.',
      })}
    >
      <QueryList
        query={apps}
        loadingLabel={intl.formatMessage({ id: 'account.apps.loading', defaultMessage: 'Loading connected apps…' })}
        errorTitle={intl.formatMessage({
          id: 'account.apps.loadError',
          defaultMessage: 'Could not load your connected apps',
        })}
        empty={
          <EmptyState
            icon={AppWindowIcon}
            title={intl.formatMessage({ id: 'account.apps.empty', defaultMessage: 'No connected apps' })}
            hint={intl.formatMessage({
              id: 'account.apps.emptyHint',
              defaultMessage: 'Apps appear here once you sign in to them with your hub account.',
            })}
          />
        }
      >
        {(a) => <AppRow key={a.client_id} app={a} />}
      </QueryList>
    </AccountSection>
  );
}
