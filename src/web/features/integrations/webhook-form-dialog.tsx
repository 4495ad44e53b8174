import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/webhook-events';
import { FormDialog, useCreateEditForm } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
  firstProblem,
  formValuesOf,
  updateBodyOf,
} from './integrations.utils';
import { SIGNING_SECRET, ShownOnceSecret } from './shown-once-secret';

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
  const clients = useClientsQuery({ enabled: open });
  const create = useWebhookCreateMutation({ onSuccess: () => notify.success('Webhook created') });
  const update = useWebhookUpdateMutation({ onSuccess: () => notify.success('Webhook saved') });
  const dialog = useCreateEditForm({
    initial: webhook ? formValuesOf(webhook) : EMPTY_WEBHOOK_FORM,
    onOpenChange,
    check: firstProblem,
    send: (values) =>
      webhook
        ? update.mutateAsync({ id: webhook.id, body: updateBodyOf(values) }).then(() => null)
        : create.mutateAsync(createBodyOf(values)).then((result) => result.secret),
    requests: [create, update],
  });
  const { form } = dialog;

  function toggle(type: WebhookEventType, on: boolean) {
    const events = on ? [...form.values.events, type] : form.values.events.filter((e) => e !== type);
    // Catalogue order, whatever the clicking order: the list and the API show the same sequence.
    form.edit({ events: WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t)) });
  }

  const allChosen = form.values.events.length === WEBHOOK_EVENT_TYPES.length;
  const clientIds = new Set((clients.data ?? []).map((c) => c.client_id));
  const orphanClient = form.values.client !== ALL_CLIENTS && !clientIds.has(form.values.client);
  return (
    <FormDialog
      open={open}
      onOpenChange={dialog.close}
      label={webhook ? 'Edit webhook' : 'New webhook'}
      title={webhook ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      description="The hub sends signed events (Standard Webhooks) to this URL as they happen."
      error={form.error}
      isPending={dialog.isPending}
      submitLabel={webhook ? 'Save' : 'Create webhook'}
      onSubmit={dialog.submit}
      after={
        dialog.created && (
          <ShownOnceSecret
            title="Webhook created"
            wording={SIGNING_SECRET}
            secret={dialog.created}
            onDone={() => dialog.close(false)}
          />
        )
      }
    >
      <Field
        id="webhook-url"
        label="Endpoint URL"
        hint="https only; private and loopback addresses are refused unless the operator allows them."
        {...form.field('url')}
      >
        <Input type="url" inputMode="url" placeholder="https://platform.example/hooks/hub" autoComplete="off" />
      </Field>
      <Field id="webhook-description" label="Description (optional)" {...form.field('description')}>
        <Input maxLength={500} />
      </Field>
      <fieldset
        className="space-y-2"
        aria-describedby={form.error.message && form.values.events.length === 0 ? form.error.id : undefined}
      >
        <legend className="text-sm font-medium">Events</legend>
        <div>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => form.edit({ events: allChosen ? [] : [...WEBHOOK_EVENT_TYPES] })}
          >
            {allChosen ? 'Clear all' : 'Select all'}
          </Button>
        </div>
        <ul className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type} className="flex items-start gap-2">
              <Checkbox
                id={`webhook-event-${type}`}
                checked={form.values.events.includes(type)}
                onCheckedChange={(c) => toggle(type, c === true)}
                aria-describedby={`webhook-event-${type}-label`}
              />
              <Label htmlFor={`webhook-event-${type}`} className="grid gap-0.5 font-normal">
                <code className="text-xs">{type}</code>
                <span id={`webhook-event-${type}-label`} className="text-xs text-muted-foreground">
                  {WEBHOOK_EVENTS[type].label}
                </span>
              </Label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor="webhook-client">Limit to one client’s users</Label>
        <Select value={form.values.client} onValueChange={(client) => form.edit({ client })}>
          <SelectTrigger id="webhook-client" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CLIENTS}>All clients</SelectItem>
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
