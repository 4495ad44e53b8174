import { useState, type FormEvent } from 'react';
import { OIDC_PRESET_NAMES, OIDC_PRESETS, type OidcPreset } from '@shared/federation-presets';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
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
import { Switch } from '@/components/ui/switch';
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderCreateMutation } from '@/data/identity-providers/provider-create-mutation';
import { useProviderUpdateMutation } from '@/data/identity-providers/provider-update-mutation';
import { notify } from '@/lib/notify';
import {
  EMPTY_PROVIDER_FORM,
  applyPreset,
  createBodyOf,
  firstProblem,
  formValuesOf,
  issuerPlaceholder,
  updateBodyOf,
  type ProviderFormValues,
} from './provider-form.utils';
import { RegistrationDetails } from './registration-details';

type Flag = 'enabled' | 'trusts_email_verified' | 'trusts_mfa' | 'may_create_accounts';
const FLAGS: { key: Flag; label: string; hint: string }[] = [
  { key: 'enabled', label: 'Enabled', hint: 'Offered on the sign-in page and used by email-domain discovery.' },
  {
    key: 'trusts_email_verified',
    label: 'Trust its email_verified',
    hint: 'An address the provider says is verified counts as verified here.',
  },
  {
    key: 'trusts_mfa',
    label: 'Trust its multi-factor sign-in',
    hint: 'When it asserts MFA (amr), administrators skip the hub’s second factor.',
  },
  {
    key: 'may_create_accounts',
    label: 'May create accounts',
    hint: 'A first sign-in with an unknown address creates an account; otherwise only existing accounts sign in.',
  },
];

/**
 * Create (provider = undefined) or edit an OpenID Connect provider. The client secret is
 * write-only: the form shows whether one is set, never the secret; on edit an empty field keeps
 * it. After a create the dialog shows what to register at the provider.
 */
export function ProviderFormDialog({
  provider,
  open,
  onOpenChange,
}: {
  provider?: IdentityProvider;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isCreate = !provider;
  const initial = provider ? formValuesOf(provider) : EMPTY_PROVIDER_FORM;
  const form = useForm<ProviderFormValues>(initial);
  const [redirectUri, setRedirectUri] = useState<string | null>(null);
  const create = useProviderCreateMutation({
    onSuccess: (result) => {
      notify.success('Identity provider created');
      setRedirectUri(result.redirect_uri ?? null);
    },
  });
  const update = useProviderUpdateMutation({
    onSuccess: () => {
      notify.success('Identity provider saved');
      close(false);
    },
  });
  const pending = create.isPending || update.isPending;

  function close(next: boolean) {
    if (!next) {
      form.reset(initial);
      setRedirectUri(null);
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const problem = firstProblem(form.values, isCreate);
    if (problem) {
      form.setError(problem[1], problem[0]);
      return;
    }
    if (provider) update.mutateAsync({ id: provider.id, body: updateBodyOf(form.values) }).catch(form.setServerError);
    else create.mutateAsync(createBodyOf(form.values)).catch(form.setServerError);
  }

  const secretState = provider?.has_client_secret ? 'set' : 'not set';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {redirectUri ? (
          <div className="space-y-4">
            <DialogHeader>
              <DialogTitle>Register the hub at the provider</DialogTitle>
              <DialogDescription>
                In the provider’s console, add this redirect URI to the application whose client ID you entered.
              </DialogDescription>
            </DialogHeader>
            <RegistrationDetails redirectUri={redirectUri} />
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            onSubmit={submit}
            className="space-y-4"
            noValidate
            aria-label={isCreate ? 'New identity provider' : 'Edit identity provider'}
          >
            <DialogHeader>
              <DialogTitle>{isCreate ? 'Add identity provider' : `Edit ${provider.display_name}`}</DialogTitle>
              <DialogDescription>
                An OpenID Connect provider people may sign in with. Presets fill in the issuer and scopes.
              </DialogDescription>
            </DialogHeader>
            {isCreate && (
              <div className="space-y-2">
                <Label htmlFor="idp-preset">Preset</Label>
                <Select
                  value={form.values.preset}
                  onValueChange={(v) => form.reset(applyPreset(form.values, v as OidcPreset | 'custom'))}
                >
                  <SelectTrigger id="idp-preset" className="w-full" aria-label="Preset">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="custom">Any OpenID Connect provider</SelectItem>
                    {OIDC_PRESET_NAMES.map((name) => (
                      <SelectItem key={name} value={name}>
                        {OIDC_PRESETS[name].display_name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="idp-display-name" label="Display name *" {...form.field('display_name')}>
                <Input />
              </Field>
              <Field
                id="idp-slug"
                label="Slug *"
                hint={
                  isCreate
                    ? 'Lower-case letters, digits, dashes; part of the redirect URI.'
                    : 'Fixed: part of the redirect URI.'
                }
                {...form.field('slug')}
              >
                <Input readOnly={!isCreate} />
              </Field>
            </div>
            <Field id="idp-issuer" label="Issuer *" {...form.field('issuer')}>
              <Input type="url" placeholder={issuerPlaceholder(form.values.preset)} />
            </Field>
            <Field id="idp-client-id" label="Client ID *" {...form.field('client_id')}>
              <Input autoComplete="off" />
            </Field>
            <Field
              id="idp-client-secret"
              label={isCreate ? 'Client secret *' : 'Client secret'}
              hint={
                isCreate ? 'Stored sealed; never shown again.' : `Currently ${secretState}. Leave empty to keep it.`
              }
              {...form.field('client_secret')}
            >
              <Input type="password" autoComplete="new-password" />
            </Field>
            <Field
              id="idp-scopes"
              label="Scopes"
              hint="Separated by spaces; must include openid."
              {...form.field('scopes')}
            >
              <Input />
            </Field>
            <Field
              id="idp-domains"
              label="Email domains"
              hint="Addresses at these domains are sent to this provider from the sign-in page (comma separated)."
              {...form.field('email_domains')}
            >
              <Input placeholder="example.com" />
            </Field>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Options</legend>
              {FLAGS.map((flag) => (
                <div key={flag.key} className="flex items-start gap-3">
                  <Switch
                    id={`idp-${flag.key}`}
                    checked={form.values[flag.key]}
                    onCheckedChange={(checked) => form.edit({ [flag.key]: checked })}
                    aria-describedby={`idp-${flag.key}-hint`}
                  />
                  <div className="space-y-0.5">
                    <Label htmlFor={`idp-${flag.key}`}>{flag.label}</Label>
                    <p id={`idp-${flag.key}-hint`} className="text-xs text-muted-foreground">
                      {flag.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <FormError {...form.error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : isCreate ? 'Add provider' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
