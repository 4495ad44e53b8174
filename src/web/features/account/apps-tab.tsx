import { AppWindowIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { useMyAppsQuery, type ConnectedApp } from '@/data/me/my-apps-query';
import { useMyAppRevokeMutation } from '@/data/me/my-app-revoke-mutation';
import { countOf, formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { AccountSection } from './account-section';

function AppRow({ app }: { app: ConnectedApp }) {
  const revoke = useMyAppRevokeMutation({
    onSuccess: () => notify.success(`${app.app_name} can no longer use your account`),
  });
  return (
    <Card data-testid="connected-app">
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base break-words">
          {app.app_name}
        </CardTitle>
        <CardDescription>
          {app.consented_at ? `Allowed ${formatDate(app.consented_at)}` : 'Signed in with your hub account'}
          {app.active_sessions > 0 && ` · ${countOf(app.active_sessions, 'active session', 'active sessions')}`}
          {app.last_used_at && ` · last used ${formatDate(app.last_used_at)}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {app.scopes.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={`What ${app.app_name} may access`}>
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
          aria-label={`Revoke access of ${app.app_name}`}
          onClick={() => revoke.mutate(app.client_id)}
          disabled={revoke.isPending}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke access'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Connected apps: what you allowed, and apps signed in as you; revoking ends every token of the app. */
export default function AppsTab() {
  const apps = useMyAppsQuery();
  return (
    <AccountSection
      id="apps"
      title="Connected apps"
      intro="Apps you allowed to use your account. Revoking signs the app out and withdraws your consent."
    >
      <QueryList
        query={apps}
        loadingLabel="Loading connected apps…"
        errorTitle="Could not load your connected apps"
        empty={
          <EmptyState
            icon={AppWindowIcon}
            title="No connected apps"
            hint="Apps appear here once you sign in to them with your hub account."
          />
        }
      >
        {(a) => <AppRow key={a.client_id} app={a} />}
      </QueryList>
    </AccountSection>
  );
}
