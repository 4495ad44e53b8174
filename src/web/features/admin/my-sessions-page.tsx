import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMySessionsQuery, useRevokeMySessionMutation } from '@/data/me/sessions';
import { useAuth } from '@/auth/auth-provider';
import { CORE_PLATFORM_NAME, browserName, relativeTime } from '@/features/oauth-admin/oauth-admin.utils';

/** /sessions: every live session of the signed-in user; any of them can be revoked. */
export default function MySessionsPage() {
  const sessions = useMySessionsQuery();
  const revoke = useRevokeMySessionMutation();
  const { refresh } = useAuth();
  useEffect(() => {
    if (sessions.isError) toast.error('Failed to fetch authentication sessions');
  }, [sessions.isError]);

  async function revokeOne(id: string, isCurrent: boolean) {
    try {
      await revoke.mutateAsync(id);
      toast.success('Session revoked successfully');
      // Revoking this browser's own session signs it out.
      if (isCurrent) await refresh();
    } catch {
      toast.error('Failed to revoke session');
    }
  }

  const now = sessions.dataUpdatedAt || Date.now();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Your Sessions</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Every place you are signed in. Revoke any you do not recognise.
      </p>
      <div className="mt-6 space-y-3">
        {sessions.isPending && <p className="text-muted-foreground">Loading sessions...</p>}
        {sessions.data?.map((s) => (
          <Card key={s.id} data-testid="my-session">
            <CardHeader className="pb-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle className="text-base">
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
              <Button
                variant="destructive"
                size="sm"
                onClick={() => revokeOne(s.id, s.is_current)}
                disabled={revoke.isPending}
              >
                Revoke
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </main>
  );
}
