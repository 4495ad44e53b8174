import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ImpersonationsCard } from './impersonations-card';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMySessionsQuery, type MySession } from '@/data/me/my-sessions-query';
import { useMySessionRevokeMutation } from '@/data/me/my-session-revoke-mutation';
import { useAuth } from '@/auth/auth-provider';
import { CORE_PLATFORM_NAME, UNKNOWN_BROWSER, browserName } from '@/features/oauth-admin/oauth-admin.utils';
import { relativeTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { AccountSection } from './account-section';

function SessionRow({ session: s, now }: { session: MySession; now: number }) {
  const intl = useIntl();
  const { refresh } = useAuth();
  const revoke = useMySessionRevokeMutation({
    onSuccess: async () => {
      notify.success(
        intl.formatMessage({ id: 'account.sessions.revoked', defaultMessage: 'Session revoked successfully' }),
      );
      // Revoking this browser's own session signs it out.
      if (s.is_current) await refresh();
    },
  });
  return (
    <Card data-testid="my-session">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h3" className="text-base">
            {browserName(s.user_agent) === UNKNOWN_BROWSER ? (
              <FormattedMessage id="oauth.sessions.unknownBrowser" defaultMessage="Unknown Browser" />
            ) : (
              browserName(s.user_agent)
            )}{' '}
            · {s.app_name ?? CORE_PLATFORM_NAME}
          </CardTitle>
          {s.is_current && (
            <Badge>
              <FormattedMessage id="account.sessions.thisBrowser" defaultMessage="This browser" />
            </Badge>
          )}
        </div>
        <CardDescription>
          <FormattedMessage
            id="account.sessions.detail"
            defaultMessage="IP {ip} · signed in {signedIn} · last used {lastUsed}"
            values={{
              ip:
                s.ip_address || intl.formatMessage({ id: 'account.sessions.unknownIp', defaultMessage: 'Unknown IP' }),
              signedIn: relativeTime(s.created_at, now),
              lastUsed: relativeTime(s.last_accessed_at, now),
            }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" size="sm" onClick={() => revoke.mutate(s.id)} disabled={revoke.isPending}>
          {revoke.isPending ? (
            <FormattedMessage id="account.sessions.revoking" defaultMessage="Revoking…" />
          ) : (
            <FormattedMessage id="account.sessions.revoke" defaultMessage="Revoke" />
          )}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Sessions: every live session of the signed-in user (the old /sessions screen); any can be revoked. */
export default function SessionsTab() {
  const intl = useIntl();
  const sessions = useMySessionsQuery();
  const [mounted] = useState(() => Date.now());
  const now = sessions.dataUpdatedAt || mounted;
  return (
    <AccountSection
      id="sessions"
      title={intl.formatMessage({ id: 'account.sessions.title', defaultMessage: 'Your sessions' })}
      intro={intl.formatMessage({
        id: 'account.sessions.intro',
        defaultMessage: 'Every place you are signed in. Revoke any you do not recognize.',
      })}
    >
      <QueryList
        query={sessions}
        loadingLabel={intl.formatMessage({ id: 'account.sessions.loading', defaultMessage: 'Loading sessions...' })}
        errorTitle={intl.formatMessage({
          id: 'account.sessions.loadError',
          defaultMessage: 'Could not load your sessions',
        })}
        empty={
          <EmptyState
            title={intl.formatMessage({ id: 'account.sessions.empty', defaultMessage: 'No active sessions' })}
          />
        }
      >
        {(s) => <SessionRow key={s.id} session={s} now={now} />}
      </QueryList>
      <ImpersonationsCard />
    </AccountSection>
  );
}
