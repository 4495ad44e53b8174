import { useState } from 'react';
import { ImpersonationsCard } from './impersonations-card';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMySessionsQuery, type MySession } from '@/data/me/my-sessions-query';
import { useMySessionRevokeMutation } from '@/data/me/my-session-revoke-mutation';
import { useAuth } from '@/auth/auth-provider';
import { CORE_PLATFORM_NAME, browserName } from '@/features/oauth-admin/oauth-admin.utils';
import { relativeTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { AccountSection } from './account-section';

function SessionRow({ session: s, now }: { session: MySession; now: number }) {
  const { refresh } = useAuth();
  const revoke = useMySessionRevokeMutation({
    onSuccess: async () => {
      notify.success('Session revoked successfully');
      // Revoking this browser's own session signs it out.
      if (s.is_current) await refresh();
    },
  });
  return (
    <Card data-testid="my-session">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h3" className="text-base">
            {browserName(s.user_agent)} · {s.app_name ?? CORE_PLATFORM_NAME}
          </CardTitle>
          {s.is_current && <Badge>This browser</Badge>}
        </div>
        <CardDescription>
          IP {s.ip_address || 'Unknown IP'} · signed in {relativeTime(s.created_at, now)} · last used{' '}
          {relativeTime(s.last_accessed_at, now)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" size="sm" onClick={() => revoke.mutate(s.id)} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Sessions: every live session of the signed-in user (the old /sessions screen); any can be revoked. */
export default function SessionsTab() {
  const sessions = useMySessionsQuery();
  const [mounted] = useState(() => Date.now());
  const now = sessions.dataUpdatedAt || mounted;
  return (
    <AccountSection
      id="sessions"
      title="Your sessions"
      intro="Every place you are signed in. Revoke any you do not recognise."
    >
      <QueryList
        query={sessions}
        loadingLabel="Loading sessions..."
        errorTitle="Could not load your sessions"
        empty={<EmptyState title="No active sessions" />}
      >
        {(s) => <SessionRow key={s.id} session={s} now={now} />}
      </QueryList>
      <ImpersonationsCard />
    </AccountSection>
  );
}
