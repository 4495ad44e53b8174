import { useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import type { ClientDisplay } from '@shared/api/client-display';
import { isHexColor, isReadableButtonColor } from '@shared/color';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, useForm, type ControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FormError } from '@/components/form-error';
import { notify } from '@/lib/notify';
import { useClientDisplayMutation } from '@/data/oauth-clients/client-display-mutation';
import type { OAuthClient } from '@/data/oauth-clients/clients-query';

/**
 * A client's brand on the sign-in pages of its requests (issue 39): RFC 7591 logo_uri (https, or
 * a data: image up to 64 KiB), client_uri, policy_uri, tos_uri and a brand colour the server
 * checks for contrast (WCAG AA under white text). The create dialog includes these fields; a
 * client's card opens BrandDialog to change them.
 */
export const EMPTY_DISPLAY = { logoUri: '', clientUri: '', policyUri: '', tosUri: '', brandColor: '' };
export type DisplayFieldValues = typeof EMPTY_DISPLAY;

const COLOR_PROBLEM = defineMessages({
  text: {
    id: 'oauthAdmin.brand.colorProblem',
    defaultMessage: 'Use a #rrggbb color dark enough for white button text (contrast 4.5:1).',
  },
}).text;

/** The API's names for the display fields, so a refusal shows under the right one. */
export const DISPLAY_API_FIELDS = {
  logo_uri: 'logoUri',
  client_uri: 'clientUri',
  brand_color: 'brandColor',
  policy_uri: 'policyUri',
  tos_uri: 'tosUri',
} as const;

/** The form's values as the API's fields: an empty field is "none" (null clears it on a change). */
export function displayInput(values: DisplayFieldValues): { input: ClientDisplay } | { error: string } {
  const input = {
    logo_uri: values.logoUri.trim() || null,
    client_uri: values.clientUri.trim() || null,
    policy_uri: values.policyUri.trim() || null,
    tos_uri: values.tosUri.trim() || null,
    brand_color: values.brandColor.trim() || null,
  };
  // The colour is checked here as the server checks it (src/shared/color.ts); the URLs by the
  // server, whose 400 names the field.
  const color = input.brand_color;
  if (color && (!isHexColor(color) || !isReadableButtonColor(color)))
    return { error: activeIntl().formatMessage(COLOR_PROBLEM) };
  return { input };
}

function valuesOf(client: OAuthClient): DisplayFieldValues {
  return {
    logoUri: client.logo_uri ?? '',
    clientUri: client.client_uri ?? '',
    policyUri: client.policy_uri ?? '',
    tosUri: client.tos_uri ?? '',
    brandColor: client.brand_color ?? '',
  };
}

export function ClientDisplayFields({
  values,
  onChange,
  control,
}: {
  values: DisplayFieldValues;
  onChange: (patch: Partial<DisplayFieldValues>) => void;
  /** The form's words and focus for a field (ui/field.tsx useForm), when the form has them. */
  control?: (name: keyof DisplayFieldValues) => Pick<ControlProps, 'ref' | 'error'>;
}) {
  const intl = useIntl();
  const [logoBroken, setLogoBroken] = useState(false);
  const color = values.brandColor.trim();
  const colorProblem =
    color && (!isHexColor(color) || !isReadableButtonColor(color)) ? intl.formatMessage(COLOR_PROBLEM) : undefined;
  const field = (key: keyof DisplayFieldValues) => ({
    ...control?.(key),
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (key === 'logoUri') setLogoBroken(false);
      onChange({ [key]: e.target.value });
    },
  });
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        <FormattedMessage id="oauthAdmin.brand.legend" defaultMessage="Brand on the sign-in pages (optional)" />
      </legend>
      <div className="flex items-start gap-3">
        <Field
          id="client-logo-uri"
          className="flex-1"
          label={intl.formatMessage({
            id: 'oauthAdmin.brand.logo',
            defaultMessage: 'Logo URL (https, or a data: image up to 64 KiB)',
          })}
          {...field('logoUri')}
        >
          <Input placeholder="https://app.example.com/logo.svg" />
        </Field>
        <div
          className="mt-6 flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted"
          data-testid="logo-preview"
        >
          {values.logoUri.trim() && !logoBroken ? (
            <img
              src={values.logoUri.trim()}
              alt={intl.formatMessage({ id: 'oauthAdmin.brand.preview', defaultMessage: 'Logo preview' })}
              className="size-10 object-contain"
              referrerPolicy="no-referrer"
              onError={() => setLogoBroken(true)}
            />
          ) : (
            <span className="text-[10px] text-muted-foreground">
              <FormattedMessage id="oauthAdmin.brand.noLogo" defaultMessage="No logo" />
            </span>
          )}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="client-client-uri"
          label={intl.formatMessage({ id: 'oauthAdmin.brand.home', defaultMessage: 'Home page' })}
          {...field('clientUri')}
        >
          <Input placeholder="https://app.example.com" />
        </Field>
        <Field
          id="client-brand-color"
          label={intl.formatMessage({ id: 'oauthAdmin.brand.color', defaultMessage: 'Brand color' })}
          hint={colorProblem}
          {...field('brandColor')}
        >
          <Input placeholder="#1d4ed8" />
        </Field>
        <Field
          id="client-policy-uri"
          label={intl.formatMessage({ id: 'oauthAdmin.brand.policy', defaultMessage: 'Privacy policy URL' })}
          {...field('policyUri')}
        >
          <Input placeholder="https://app.example.com/privacy" />
        </Field>
        <Field
          id="client-tos-uri"
          label={intl.formatMessage({ id: 'oauthAdmin.brand.terms', defaultMessage: 'Terms of service URL' })}
          {...field('tosUri')}
        >
          <Input placeholder="https://app.example.com/terms" />
        </Field>
      </div>
    </fieldset>
  );
}

/** The client card's "Brand…" dialog: the same fields for an existing client. */
export function BrandDialog({
  client,
  open,
  onOpenChange,
}: {
  client: OAuthClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const form = useForm(valuesOf(client), { paths: DISPLAY_API_FIELDS });
  const save = useClientDisplayMutation({
    onSuccess: () => {
      notify.success(intl.formatMessage({ id: 'oauthAdmin.brand.saved', defaultMessage: 'Brand saved' }));
      onOpenChange(false);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const display = displayInput(form.values);
    if ('error' in display) return form.setError(display.error);
    form.setError(null);
    save.mutateAsync({ id: client.id, display: display.input }).catch(form.setServerError);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage
                id="oauthAdmin.brand.title"
                defaultMessage="Brand of {app}"
                values={{ app: client.app_name }}
              />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="oauthAdmin.brand.description"
                defaultMessage="Shown on the sign-in, consent and error pages of this application's requests, with “Secured by Ecosystem Hub”."
              />
            </DialogDescription>
          </DialogHeader>
          <ClientDisplayFields values={form.values} onChange={form.edit} control={form.control} />
          <FormError {...form.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <FormattedMessage id="common.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="common.save" defaultMessage="Save" />
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
