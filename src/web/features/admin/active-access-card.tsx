import { useEffect, useState } from 'react';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCredentialGrantsQuery, type Grant } from '@/data/admin/credential-grants-query';
import { useCredentialRevealMutation } from '@/data/admin/credential-reveal-mutation';
import { CREDENTIAL_LABELS, countdown } from './admin.utils';

function GrantRow({ grant, now }: { grant: Grant; now: number }) {
  const [value, setValue] = useState<string | null>(null);
  const reveal = useCredentialRevealMutation({ onSuccess: (result) => setValue(result.value) });
  const live = new Date(grant.expires_at).getTime() > now;
  // The credential is on screen only while the grant lasts.
  const shown = live ? value : null;

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
        <Button
          size="sm"
          variant="outline"
          onClick={() => reveal.mutate(grant.id)}
          disabled={!live || reveal.isPending}
        >
          <Eye /> {reveal.isPending ? 'Revealing…' : 'Reveal'}
        </Button>
      )}
    </div>
  );
}

/** The active-access card: every live grant of the signed-in admin, with a countdown. */
export function ActiveAccessCard() {
  const grants = useCredentialGrantsQuery();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <SectionCard
      icon={KeyRound}
      title="Active Access"
      description="Credentials you may view right now. Each view is logged."
      contentClassName="space-y-3"
    >
      <QueryList
        query={grants}
        loadingLabel="Loading active access…"
        loadingRows={1}
        errorTitle="Could not load your active access"
        empty={<EmptyState title="No active credential access." className="py-4" />}
      >
        {(g) => <GrantRow key={g.id} grant={g} now={now} />}
      </QueryList>
    </SectionCard>
  );
}
