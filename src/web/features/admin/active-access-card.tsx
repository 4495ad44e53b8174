import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRevealMutation } from '@/data/admin/credential-access';
import type { Grant } from '@/data/admin/types';
import { CREDENTIAL_LABELS, accessDeniedDescription, countdown } from './admin.utils';

function GrantRow({ grant, now }: { grant: Grant; now: number }) {
  const reveal = useRevealMutation();
  const [value, setValue] = useState<string | null>(null);
  const live = new Date(grant.expires_at).getTime() > now;
  // The credential is on screen only while the grant lasts.
  const shown = live ? value : null;

  async function show() {
    try {
      const result = await reveal.mutateAsync(grant.id);
      setValue(result.value);
    } catch (error) {
      toast.error('Access Denied', { description: accessDeniedDescription(error) });
    }
  }

  return (
    <div data-testid="active-grant" className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {grant.app_name} · {CREDENTIAL_LABELS[grant.credential_type] ?? grant.credential_type}
        </span>
        <Badge variant={live ? 'warning' : 'secondary'} aria-label="Time remaining">
          {live ? `${countdown(grant.expires_at, now)} left` : 'Expired'}
        </Badge>
      </div>
      {shown ? (
        <div className="flex items-center gap-2">
          <code
            data-testid="revealed-credential"
            className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
          >
            {shown}
          </code>
          <Button size="sm" variant="ghost" onClick={() => setValue(null)} aria-label="Hide credential">
            <EyeOff />
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={show} disabled={!live || reveal.isPending}>
          <Eye /> Reveal
        </Button>
      )}
    </div>
  );
}

/** The active-access card: every live grant of the signed-in admin, with a countdown. */
export function ActiveAccessCard({ grants }: { grants: Grant[] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden /> Active Access
        </CardTitle>
        <CardDescription>Credentials you may view right now. Each view is logged.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {grants.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active credential access.</p>
        ) : (
          grants.map((g) => <GrantRow key={g.id} grant={g} now={now} />)
        )}
      </CardContent>
    </Card>
  );
}
