import { useState, type ChangeEvent, type FormEvent } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
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
  registrationItems,
  updateBodyOf,
  type ProviderFormValues,
  type ProviderProtocol,
} from './provider-form.utils';
import { RegistrationDetails } from './registration-details';

type Flag = 'enabled' | 'trusts_email_verified' | 'trusts_mfa' | 'may_create_accounts';

/** The switches, worded for the protocol (SAML has no email_verified or amr, but the same trust decisions). */
function flagsOf(protocol: ProviderProtocol): { key: Flag; label: string; hint: string }[] {
  const saml = protocol === 'saml';
  return [
    { key: 'enabled', label: 'Enabled', hint: 'Offered on the sign-in page and used by email-domain discovery.' },
    {
      key: 'trusts_email_verified',
      label: saml ? 'Trust its email addresses' : 'Trust its email_verified',
      hint: saml
        ? 'The address in its assertions counts as verified here (within its email domains, when any are listed).'
        : 'An address the provider says is verified counts as verified here (within its email domains, when listed).',
    },
    {
      key: 'trusts_mfa',
      label: 'Trust its multi-factor sign-in',
      hint: saml
        ? 'When its AuthnContext says MFA, administrators skip the hub’s second factor.'
        : 'When it asserts MFA (amr), administrators skip the hub’s second factor.',
    },
    {
      key: 'may_create_accounts',
      label: 'May create accounts',
      hint: 'A first sign-in with an unknown address creates an account; otherwise only existing accounts sign in.',
    },
  ];
}

const PROTOCOL_NAMES: Record<ProviderProtocol, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

/**
 * What the server does when the issuer (SAML: the IdP's entityID) changes (issue 38, finding 6):
 * another issuer's subjects are other people, so every identity linked through the provider goes.
 */
const UNLINK_NOTE = 'unlinks every sign-in linked through this provider: people sign in another way and link it again.';
const ISSUER_CHANGE_NOTE = {
  oidc: `Another issuer ${UNLINK_NOTE}`,
  saml: `Metadata of another IdP (another entityID) ${UNLINK_NOTE}`,
};

/** Metadata files of IdPs are a few kilobytes; anything far larger is not one. */
const MAX_METADATA_BYTES = 100_000;

/**
 * Create (provider = undefined) or edit an OpenID Connect or SAML 2.0 provider. The client secret
 * is write-only: the form shows whether one is set, never the secret; on edit an empty field keeps
 * it (as an empty metadata field keeps a SAML provider's metadata). After a create the dialog
 * shows what to register at the provider: the redirect URI, or the ACS URL, entity ID and
 * metadata URL.
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
  const [registration, setRegistration] = useState<{ label: string; value: string }[] | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const create = useProviderCreateMutation({
    onSuccess: (result) => {
      notify.success('Identity provider created');
      setRegistration(registrationItems(result));
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
      setRegistration(null);
      setFileProblem(null);
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

  /** The uploaded metadata file fills the textarea, where it can be read and changed before sending. */
  function readMetadataFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_METADATA_BYTES) {
      setFileProblem('This file is too large to be an identity provider’s metadata.');
      return;
    }
    // FileReader rather than Blob.text(): one API every browser (and the web tests' jsdom) has.
    const reader = new FileReader();
    reader.onload = () => form.edit({ metadata_xml: typeof reader.result === 'string' ? reader.result : '' });
    reader.onerror = () => setFileProblem('The file could not be read.');
    reader.readAsText(file);
  }

  const secretState = provider?.has_client_secret ? 'set' : 'not set';
  const protocol = form.values.protocol;
  const saml = protocol === 'saml';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {registration ? (
          <div className="space-y-4">
            <DialogHeader>
              <DialogTitle>Register the hub at the provider</DialogTitle>
              <DialogDescription>
                {saml
                  ? 'In the identity provider’s console, create a SAML application with this ACS URL and entity ID ' +
                    '(or import the metadata URL). Send the email address as the NameID or as the email attribute.'
                  : 'In the provider’s console, add this redirect URI to the application whose client ID you entered.'}
              </DialogDescription>
            </DialogHeader>
            <RegistrationDetails items={registration} />
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
                {saml
                  ? 'A SAML 2.0 identity provider people may sign in with, described by its metadata.'
                  : 'An OpenID Connect provider people may sign in with. Presets fill in the issuer and scopes.'}
              </DialogDescription>
            </DialogHeader>
            {isCreate && (
              <div className="space-y-2">
                <Label htmlFor="idp-protocol">Protocol</Label>
                <Select
                  value={protocol}
                  onValueChange={(v) =>
                    form.reset({ ...form.values, protocol: v as ProviderProtocol, preset: 'custom' })
                  }
                >
                  <SelectTrigger id="idp-protocol" className="w-full" aria-label="Protocol">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="oidc">{PROTOCOL_NAMES.oidc}</SelectItem>
                    <SelectItem value="saml">{PROTOCOL_NAMES.saml}</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            )}
            {isCreate && !saml && (
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
                    ? `Lower-case letters, digits, dashes; part of the ${saml ? 'ACS URL' : 'redirect URI'}.`
                    : `Fixed: part of the ${saml ? 'ACS URL' : 'redirect URI'}.`
                }
                {...form.field('slug')}
              >
                <Input readOnly={!isCreate} />
              </Field>
            </div>
            {saml ? (
              <>
                <Field
                  id="idp-metadata"
                  label={isCreate ? 'Metadata XML *' : 'Metadata XML'}
                  hint={
                    isCreate
                      ? 'From the identity provider’s console (Okta, Entra ID, Google Workspace, AD FS…): its ' +
                        'entityID, sign-in URL and signing certificate.'
                      : `Currently ${provider?.issuer ?? 'not set'}, ${provider?.saml?.certificates ?? 0} signing ` +
                        'certificate(s). Paste new metadata after the provider changed its certificate; leave empty to keep it. ' +
                        ISSUER_CHANGE_NOTE.saml
                  }
                  {...form.field('metadata_xml')}
                >
                  <Textarea
                    rows={6}
                    spellCheck={false}
                    className="font-mono text-xs"
                    placeholder="<EntityDescriptor …>"
                  />
                </Field>
                <div className="space-y-1">
                  <Label htmlFor="idp-metadata-file">Or upload the metadata file</Label>
                  <Input
                    id="idp-metadata-file"
                    type="file"
                    accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                    onChange={readMetadataFile}
                    aria-describedby={fileProblem ? 'idp-metadata-file-problem' : undefined}
                  />
                  {fileProblem && (
                    <p id="idp-metadata-file-problem" role="alert" className="text-xs text-destructive">
                      {fileProblem}
                    </p>
                  )}
                </div>
                {!isCreate && provider && <RegistrationDetails items={registrationItems(provider)} />}
              </>
            ) : (
              <>
                <Field
                  id="idp-issuer"
                  label="Issuer *"
                  hint={isCreate ? undefined : ISSUER_CHANGE_NOTE.oidc}
                  {...form.field('issuer')}
                >
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
              </>
            )}
            <Field
              id="idp-domains"
              label="Email domains"
              hint={
                'Addresses at these domains are sent to this provider from the sign-in page (comma separated). ' +
                'When any are listed, the provider is believed about verified addresses at these domains only.'
              }
              {...form.field('email_domains')}
            >
              <Input placeholder="example.com" />
            </Field>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Options</legend>
              {flagsOf(protocol).map((flag) => (
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
