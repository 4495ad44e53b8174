import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { InboxIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhookDeliveriesQuery, type WebhookDelivery } from '@/data/webhooks/deliveries-query';
import { useWebhookResendMutation } from '@/data/webhooks/webhook-mutations';
import { notify } from '@/lib/notify';
import { TIMESTAMP } from './integrations.utils';

/** What a delivery's badge says: a pending delivery that was tried already is retrying (issue 46). */
type DeliveryState = WebhookDelivery['status'] | 'retrying';

const STATUS_BADGE: Record<DeliveryState, 'default' | 'secondary' | 'destructive' | 'warning'> = {
  delivered: 'default',
  pending: 'secondary',
  retrying: 'warning',
  failed: 'destructive',
};

const STATUS_LABEL: Record<DeliveryState, MessageDescriptor> = defineMessages({
  delivered: { id: 'integrations.delivery.status.delivered', defaultMessage: 'Delivered' },
  pending: { id: 'integrations.delivery.status.pending', defaultMessage: 'Pending' },
  retrying: {
    id: 'integrations.delivery.status.retrying',
    defaultMessage: 'Retrying (attempt {attempt, number} of {max, number})',
  },
  failed: { id: 'integrations.delivery.status.failed', defaultMessage: 'Failed' },
});

function stateOf(d: WebhookDelivery): DeliveryState {
  return d.status === 'pending' && d.attempts > 0 ? 'retrying' : d.status;
}

/** One endpoint's deliveries, newest first (50 at a time), each with its payload and a "Resend". */
export function DeliveryLog({ webhookId, host }: { webhookId: string; host: string }) {
  const intl = useIntl();
  const query = useWebhookDeliveriesQuery(webhookId);
  const label = intl.formatMessage(
    { id: 'integrations.delivery.listLabel', defaultMessage: 'Deliveries to {host}' },
    { host },
  );
  return (
    <section aria-label={label} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          <FormattedMessage id="integrations.delivery.title" defaultMessage="Delivery log" />
        </h3>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <FormattedMessage id="integrations.delivery.refresh" defaultMessage="Refresh" />
        </Button>
      </div>
      <QueryState
        query={query}
        errorTitle={intl.formatMessage({
          id: 'integrations.delivery.loadError',
          defaultMessage: 'Failed to fetch deliveries',
        })}
        loadingRows={2}
        isEmpty={(d) => d.pages[0].length === 0}
        empty={
          <EmptyState
            icon={InboxIcon}
            title={intl.formatMessage({ id: 'integrations.delivery.empty.title', defaultMessage: 'No deliveries yet' })}
            hint={intl.formatMessage({
              id: 'integrations.delivery.empty.hint',
              defaultMessage: 'Send a test event to try the endpoint.',
            })}
          />
        }
      >
        {(data) => (
          <>
            <ul className="divide-y rounded-md border" aria-label={label}>
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
                {query.isFetchingNextPage ? (
                  <FormattedMessage id="integrations.delivery.loading" defaultMessage="Loading…" />
                ) : (
                  <FormattedMessage id="integrations.delivery.loadOlder" defaultMessage="Load older deliveries" />
                )}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function DeliveryRow({ webhookId, delivery: d }: { webhookId: string; delivery: WebhookDelivery }) {
  const intl = useIntl();
  const resend = useWebhookResendMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({ id: 'integrations.delivery.resent', defaultMessage: 'Delivery queued again' }),
      ),
  });
  const created = intl.formatDate(d.created_at, TIMESTAMP);
  const state = stateOf(d);
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="webhook-delivery" data-status={state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <code className="text-xs">{d.event_type}</code>
          <Badge variant={STATUS_BADGE[state]} className="whitespace-normal text-left">
            {intl.formatMessage(STATUS_LABEL[state], { attempt: d.attempts, max: d.max_attempts })}
          </Badge>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ id: webhookId, deliveryId: d.id })}
          aria-label={intl.formatMessage(
            { id: 'integrations.delivery.resendLabel', defaultMessage: 'Resend {event} of {time}' },
            { event: d.event_type, time: created },
          )}
        >
          <FormattedMessage id="integrations.delivery.resend" defaultMessage="Resend" />
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-4">
        <div>
          <dt className="inline">
            <FormattedMessage id="integrations.delivery.attempts" defaultMessage="Attempts:" />{' '}
          </dt>
          <dd className="inline">{intl.formatNumber(d.attempts)}</dd>
        </div>
        <div>
          <dt className="inline">
            <FormattedMessage id="integrations.delivery.answer" defaultMessage="Answer:" />{' '}
          </dt>
          <dd className="inline">{d.last_status_code ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline">
            <FormattedMessage id="integrations.delivery.latency" defaultMessage="Latency:" />{' '}
          </dt>
          <dd className="inline">
            {d.last_latency_ms === null
              ? '—'
              : intl.formatNumber(d.last_latency_ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' })}
          </dd>
        </div>
        <div>
          <dt className="inline">
            <FormattedMessage id="integrations.delivery.created" defaultMessage="Created:" />{' '}
          </dt>
          <dd className="inline">{created}</dd>
        </div>
      </dl>
      {d.last_error && <p className="break-words text-xs text-destructive">{d.last_error}</p>}
      {d.last_response_excerpt && (
        <div className="text-xs">
          <p className="text-muted-foreground">
            <FormattedMessage
              id="integrations.delivery.answerBody"
              defaultMessage="The endpoint answered HTTP {status}, beginning:"
              values={{ status: d.last_status_code ?? '—' }}
            />
          </p>
          <pre
            className="mt-1 whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono"
            data-testid="delivery-answer"
          >
            {d.last_response_excerpt}
          </pre>
        </div>
      )}
      {d.status === 'pending' && d.next_attempt_at && (
        <p className="text-xs text-muted-foreground">
          <FormattedMessage
            id="integrations.delivery.nextAttempt"
            defaultMessage="Next attempt: {time}"
            values={{ time: intl.formatDate(d.next_attempt_at, TIMESTAMP) }}
          />
        </p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer select-none rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
          <FormattedMessage id="integrations.delivery.payload" defaultMessage="Payload" />{' '}
          <span className="text-muted-foreground">
            <FormattedMessage
              id="integrations.delivery.eventId"
              defaultMessage="(event {id})"
              values={{ id: d.event_id }}
            />
          </span>
        </summary>
        <pre
          className="mt-2 max-h-64 overflow-auto rounded bg-muted p-2"
          tabIndex={0}
          aria-label={intl.formatMessage({ id: 'integrations.delivery.payload', defaultMessage: 'Payload' })}
        >
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </details>
    </li>
  );
}
