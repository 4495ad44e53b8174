import { FormattedMessage, useIntl } from 'react-intl';
import { WEBHOOK_EVENT_TYPES } from '@shared/webhook-events';
import { FormDialog, useCreateEditForm } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useClientsQuery } from '@/data/oauth-clients/clients-query';
import type { Webhook } from '@/data/webhooks/webhooks-query';
import { useWebhookCreateMutation, useWebhookUpdateMutation } from '@/data/webhooks/webhook-mutations';
import { notify } from '@/lib/notify';
import {
  ALL_CLIENTS,
  EMPTY_WEBHOOK_FORM,
  createBodyOf,
  formValuesOf,
  updateBodyOf,
  webhookProblems,
  WEBHOOK_EVENT_LABELS,
} from './integrations.utils';
import { SIGNING_SECRET, ShownOnceSecret } from './shown-once-secret';
import { EventChecklist } from './event-checklist';

/**
 * Create (webhook = undefined) or edit an endpoint: its URL, the events it subscribes to (the
 * catalogue's checkboxes) and, optionally, the one client whose users it is limited to. A create
 * ends on the secret, shown this once.
 */
export function WebhookFormDialog({
  webhook,
  open,
  onOpenChange,
}: {
  webhook?: Webhook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const clients = useClientsQuery({ enabled: open });
  const create = useWebhookCreateMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'integrations.webhook.created', defaultMessage: 'Webhook created' })),
  });
  const update = useWebhookUpdateMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'integrations.webhook.saved', defaultMessage: 'Webhook saved' })),
  });
  const dialog = useCreateEditForm({
    initial: webhook ? formValuesOf(webhook) : EMPTY_WEBHOOK_FORM,
    onOpenChange,
    check: (values) =>
      Object.fromEntries(Object.entries(webhookProblems(values)).map(([k, m]) => [k, intl.formatMessage(m)])),
    send: (values) =>
      webhook
        ? update.mutateAsync({ id: webhook.id, body: updateBodyOf(values) }).then(() => null)
        : create.mutateAsync(createBodyOf(values)).then((result) => result.secret),
    requests: [create, update],
  });
  const { form } = dialog;
  const events = form.control('events');

  const clientIds = new Set((clients.data ?? []).map((c) => c.client_id));
  const orphanClient = form.values.client !== ALL_CLIENTS && !clientIds.has(form.values.client);
  return (
    <FormDialog
      open={open}
      onOpenChange={dialog.close}
      label={
        webhook
          ? intl.formatMessage({ id: 'integrations.webhook.form.labelEdit', defaultMessage: 'Edit webhook' })
          : intl.formatMessage({ id: 'integrations.webhook.form.labelNew', defaultMessage: 'New webhook' })
      }
      title={
        webhook
          ? intl.formatMessage({ id: 'integrations.webhook.form.titleEdit', defaultMessage: 'Edit webhook endpoint' })
          : intl.formatMessage({ id: 'integrations.webhook.form.titleAdd', defaultMessage: 'Add webhook endpoint' })
      }
      description={intl.formatMessage({
        id: 'integrations.webhook.form.description',
        defaultMessage: 'The hub sends signed events (Standard Webhooks) to this URL as they happen.',
      })}
      error={form.error}
      isPending={dialog.isPending}
      submitLabel={
        webhook
          ? intl.formatMessage({ id: 'integrations.webhook.form.save', defaultMessage: 'Save' })
          : intl.formatMessage({ id: 'integrations.webhook.form.create', defaultMessage: 'Create webhook' })
      }
      onSubmit={dialog.submit}
      after={
        dialog.created && (
          <ShownOnceSecret
            title={intl.formatMessage({ id: 'integrations.webhook.created', defaultMessage: 'Webhook created' })}
            wording={SIGNING_SECRET}
            secret={dialog.created}
            onDone={() => dialog.close(false)}
          />
        )
      }
    >
      <Field
        id="webhook-url"
        label={intl.formatMessage({ id: 'integrations.webhook.form.url', defaultMessage: 'Endpoint URL' })}
        hint={intl.formatMessage({
          id: 'integrations.webhook.form.urlHint',
          defaultMessage: 'https only; private and loopback addresses are refused unless the operator allows them.',
        })}
        {...form.field('url')}
      >
        <Input type="url" inputMode="url" placeholder="https://platform.example/hooks/hub" autoComplete="off" />
      </Field>
      <Field
        id="webhook-description"
        label={intl.formatMessage({
          id: 'integrations.webhook.form.descriptionField',
          defaultMessage: 'Description (optional)',
        })}
        {...form.field('description')}
      >
        <Input maxLength={500} />
      </Field>
      <EventChecklist
        types={WEBHOOK_EVENT_TYPES}
        chosen={form.values.events}
        onChange={(chosen) => form.edit({ events: chosen })}
        legend={<FormattedMessage id="integrations.webhook.form.events" defaultMessage="Events" />}
        describe={(type) => intl.formatMessage(WEBHOOK_EVENT_LABELS[type])}
        id="webhook-events"
        controlRef={events.ref}
        error={events.error}
      />
      <div className="space-y-2">
        <Label htmlFor="webhook-client">
          <FormattedMessage id="integrations.webhook.form.client" defaultMessage="Limit to one client’s users" />
        </Label>
        <Select value={form.values.client} onValueChange={(client) => form.edit({ client })}>
          <SelectTrigger id="webhook-client" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CLIENTS}>
              <FormattedMessage id="integrations.webhook.form.allClients" defaultMessage="All clients" />
            </SelectItem>
            {orphanClient && <SelectItem value={form.values.client}>{form.values.client}</SelectItem>}
            {(clients.data ?? []).map((c) => (
              <SelectItem key={c.client_id} value={c.client_id}>
                {c.app_name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </FormDialog>
  );
}
