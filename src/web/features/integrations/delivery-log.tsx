import { InboxIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhookDeliveriesQuery, type WebhookDelivery } from '@/data/webhooks/deliveries-query';
import { useWebhookResendMutation } from '@/data/webhooks/webhook-mutations';
import { formatNumber, formatTimestamp } from '@/lib/format';
import { notify } from '@/lib/notify';

const STATUS_BADGE: Record<WebhookDelivery['status'], 'default' | 'secondary' | 'destructive'> = {
  delivered: 'default',
  pending: 'secondary',
  failed: 'destructive',
};

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
};

/** One endpoint's deliveries, newest first (50 at a time), each with its payload and a "Resend". */
export function DeliveryLog({ webhookId, host }: { webhookId: string; host: string }) {
  const query = useWebhookDeliveriesQuery(webhookId);
  return (
    <section aria-label={`Deliveries to ${host}`} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Delivery log</h3>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </div>
      <QueryState
        query={query}
        errorTitle="Failed to fetch deliveries"
        loadingRows={2}
        isEmpty={(d) => d.pages[0].length === 0}
        empty={<EmptyState icon={InboxIcon} title="No deliveries yet" hint="Send a test event to try the endpoint." />}
      >
        {(data) => (
          <>
            <ul className="divide-y rounded-md border" aria-label={`Deliveries to ${host}`}>
              {data.pages.flat().map((d) => (
                <DeliveryRow key={d.id} webhookId={webhookId} delivery={d} />
              ))}
            </ul>
            {query.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load older deliveries'}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function DeliveryRow({ webhookId, delivery: d }: { webhookId: string; delivery: WebhookDelivery }) {
  const resend = useWebhookResendMutation({ onSuccess: () => notify.success('Delivery queued again') });
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="webhook-delivery" data-status={d.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <code className="text-xs">{d.event_type}</code>
          <Badge variant={STATUS_BADGE[d.status]}>{STATUS_LABEL[d.status]}</Badge>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ id: webhookId, deliveryId: d.id })}
          aria-label={`Resend ${d.event_type} of ${formatTimestamp(d.created_at)}`}
        >
          Resend
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-4">
        <div>
          <dt className="inline">Attempts: </dt>
          <dd className="inline">{formatNumber(d.attempts)}</dd>
        </div>
        <div>
          <dt className="inline">Answer: </dt>
          <dd className="inline">{d.last_status_code ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline">Latency: </dt>
          <dd className="inline">{d.last_latency_ms === null ? '—' : `${formatNumber(d.last_latency_ms)} ms`}</dd>
        </div>
        <div>
          <dt className="inline">Created: </dt>
          <dd className="inline">{formatTimestamp(d.created_at)}</dd>
        </div>
      </dl>
      {d.last_error && <p className="break-words text-xs text-destructive">{d.last_error}</p>}
      {d.status === 'pending' && d.next_attempt_at && (
        <p className="text-xs text-muted-foreground">Next attempt: {formatTimestamp(d.next_attempt_at)}</p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer select-none rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
          Payload <span className="text-muted-foreground">(event {d.event_id})</span>
        </summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-muted p-2" tabIndex={0} aria-label="Payload">
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </details>
    </li>
  );
}
