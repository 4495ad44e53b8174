import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/webhook-events';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, useForm } from '@/components/ui/field';
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
  type WebhookFormValues,
} from './integrations.utils';
import { WebhookSecret } from './webhook-secret';

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
  const isCreate = !webhook;
  const initial = webhook ? formValuesOf(webhook) : EMPTY_WEBHOOK_FORM;
  const form = useForm<WebhookFormValues>(initial);
  const [secret, setSecret] = useState<string | null>(null);
  const clients = useClientsQuery({ enabled: open });
  const create = useWebhookCreateMutation({
    onSuccess: (result) => {
      notify.success('Webhook created');
      setSecret(result.secret);
    },
  });
  const update = useWebhookUpdateMutation({
    onSuccess: () => {
      notify.success('Webhook saved');
      close(false);
    },
  });
  const pending = create.isPending || update.isPending;

  function close(next: boolean) {
    if (!next) {
      form.reset(initial);
      // The secret leaves memory with the dialog: nothing can show it again.
      setSecret(null);
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const problem = firstProblem(form.values);
    if (problem) {
      form.setError(problem[1], problem[0]);
      return;
    }
    if (webhook) update.mutateAsync({ id: webhook.id, body: updateBodyOf(form.values) }).catch(form.setServerError);
    else create.mutateAsync(createBodyOf(form.values)).catch(form.setServerError);
  }

  function toggle(type: WebhookEventType, on: boolean) {
    const events = on ? [...form.values.events, type] : form.values.events.filter((e) => e !== type);
    // Catalogue order, whatever the clicking order: the list and the API show the same sequence.
    form.edit({ events: WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t)) });
  }

  const allChosen = form.values.events.length === WEBHOOK_EVENT_TYPES.length;
  const clientIds = new Set((clients.data ?? []).map((c) => c.client_id));
  const orphanClient = form.values.client !== ALL_CLIENTS && !clientIds.has(form.values.client);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {secret ? (
          <WebhookSecret title="Webhook created" secret={secret} onDone={() => close(false)} />
        ) : (
          <form
            onSubmit={submit}
            className="space-y-4"
            noValidate
            aria-label={isCreate ? 'New webhook' : 'Edit webhook'}
          >
            <DialogHeader>
              <DialogTitle>{isCreate ? 'Add webhook endpoint' : 'Edit webhook endpoint'}</DialogTitle>
              <DialogDescription>
                The hub sends signed events (Standard Webhooks) to this URL as they happen.
              </DialogDescription>
            </DialogHeader>
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
            <FormError {...form.error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : isCreate ? 'Create webhook' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
