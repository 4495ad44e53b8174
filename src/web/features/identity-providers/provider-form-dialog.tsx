import { useState, type ChangeEvent, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
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
import { slugOf } from '@/lib/slug';
import {
  EMPTY_PROVIDER_FORM,
  applyPreset,
  createBodyOf,
  PROVIDER_FIELD_WORDS,
  providerProblems,
  formValuesOf,
  issuerPlaceholder,
  registrationItems,
  updateBodyOf,
  type ProviderFormValues,
  type ProviderProtocol,
  type RegistrationItem,
} from './provider-form.utils';
import { RegistrationDetails } from './registration-details';
import { refusedTestOf, SaveRefused } from './provider-health';
import type { ConnectionTestResult } from '@shared/api/federation';
import { ssoRegistrationUrls } from '@shared/sso-urls';
import { useSsoPublicUrl } from '@/data/identity-providers/providers-query';

type Flag = 'enabled' | 'trusts_email_verified' | 'trusts_mfa' | 'may_create_accounts';

const m = defineMessages({
  enabled: { id: 'idp.form.flag.enabled', defaultMessage: 'Enabled' },
  enabledHint: {
    id: 'idp.form.flag.enabledHint',
    defaultMessage: 'Offered on the sign-in page and used by email-domain discovery.',
  },
  trustEmailSaml: { id: 'idp.form.flag.trustEmailSaml', defaultMessage: 'Trust its email addresses' },
  trustEmailOidc: { id: 'idp.form.flag.trustEmailOidc', defaultMessage: 'Trust its email_verified' },
  trustEmailSamlHint: {
    id: 'idp.form.flag.trustEmailSamlHint',
    defaultMessage:
      'The address in its assertions counts as verified here (within its email domains, when any are listed).',
  },
  trustEmailOidcHint: {
    id: 'idp.form.flag.trustEmailOidcHint',
    defaultMessage:
      'An address the provider says is verified counts as verified here (within its email domains, when listed).',
  },
  trustMfa: { id: 'idp.form.flag.trustMfa', defaultMessage: 'Trust its multi-factor sign-in' },
  trustMfaSamlHint: {
    id: 'idp.form.flag.trustMfaSamlHint',
    defaultMessage: 'When its AuthnContext says MFA, administrators skip the hub’s second factor.',
  },
  trustMfaOidcHint: {
    id: 'idp.form.flag.trustMfaOidcHint',
    defaultMessage: 'When it asserts MFA (amr), administrators skip the hub’s second factor.',
  },
  mayCreate: { id: 'idp.form.flag.mayCreate', defaultMessage: 'May create accounts' },
  mayCreateHint: {
    id: 'idp.form.flag.mayCreateHint',
    defaultMessage:
      'A first sign-in with an unknown address creates an account; otherwise only existing accounts sign in.',
  },
  /**
   * What the server does when the issuer (SAML: the IdP's entityID) changes (issue 38, finding 6):
   * another issuer's subjects are other people, so every identity linked through the provider goes.
   */
  issuerChangeOidc: {
    id: 'idp.form.issuerChange.oidc',
    defaultMessage:
      'Another issuer unlinks every sign-in linked through this provider: people sign in another way and link it again.',
  },
  issuerChangeSaml: {
    id: 'idp.form.issuerChange.saml',
    defaultMessage:
      'Metadata of another IdP (another entityID) unlinks every sign-in linked through this provider: ' +
      'people sign in another way and link it again.',
  },
});

/** The switches, worded for the protocol (SAML has no email_verified or amr, but the same trust decisions). */
function flagsOf(protocol: ProviderProtocol): { key: Flag; label: MessageDescriptor; hint: MessageDescriptor }[] {
  const saml = protocol === 'saml';
  return [
    { key: 'enabled', label: m.enabled, hint: m.enabledHint },
    {
      key: 'trusts_email_verified',
      label: saml ? m.trustEmailSaml : m.trustEmailOidc,
      hint: saml ? m.trustEmailSamlHint : m.trustEmailOidcHint,
    },
    { key: 'trusts_mfa', label: m.trustMfa, hint: saml ? m.trustMfaSamlHint : m.trustMfaOidcHint },
    { key: 'may_create_accounts', label: m.mayCreate, hint: m.mayCreateHint },
  ];
}

const PROTOCOL_NAMES: Record<ProviderProtocol, string> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

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
  const intl = useIntl();
  const isCreate = !provider;
  const initial = provider ? formValuesOf(provider) : EMPTY_PROVIDER_FORM;
  const form = useForm<ProviderFormValues>(initial, { words: PROVIDER_FIELD_WORDS });
  const [registration, setRegistration] = useState<RegistrationItem[] | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<ConnectionTestResult | null>(null);
  const create = useProviderCreateMutation({
    onSuccess: (result) => {
      notify.success(intl.formatMessage({ id: 'idp.form.created', defaultMessage: 'Identity provider created' }));
      setRegistration(registrationItems(result));
    },
  });
  const update = useProviderUpdateMutation({
    onSuccess: () => {
      notify.success(intl.formatMessage({ id: 'idp.form.saved', defaultMessage: 'Identity provider saved' }));
      close(false);
    },
  });
  const pending = create.isPending || update.isPending;

  function close(next: boolean) {
    if (!next) {
      form.reset(initial);
      setRegistration(null);
      setFileProblem(null);
      setRefused(null);
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(form.values);
  }

  function send(values: ProviderFormValues) {
    form.setError(null);
    setRefused(null);
    const problems = Object.entries(providerProblems(values, isCreate));
    if (problems.length > 0) {
      form.setErrors(Object.fromEntries(problems.map(([field, words]) => [field, intl.formatMessage(words)])));
      return;
    }
    // A save the connection test refused shows its steps, with "Save disabled" (issue 46).
    const refusedOr = (e: unknown) => {
      const result = refusedTestOf(e);
      if (result) setRefused(result);
      else form.setServerError(e);
    };
    if (provider) update.mutateAsync({ id: provider.id, body: updateBodyOf(values) }).catch(refusedOr);
    else create.mutateAsync(createBodyOf(values)).catch(refusedOr);
  }

  function saveDisabled() {
    const values = { ...form.values, enabled: false };
    form.edit({ enabled: false });
    send(values);
  }

  /** On a new provider the slug follows the display name, until the administrator edits the slug. */
  function typeDisplayName(displayName: string) {
    const follows = isCreate && form.values.slug === slugOf(form.values.display_name);
    form.edit({ display_name: displayName, ...(follows ? { slug: slugOf(displayName) } : {}) });
  }

  /** The uploaded metadata file fills the textarea, where it can be read and changed before sending. */
  function readMetadataFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_METADATA_BYTES) {
      setFileProblem(
        intl.formatMessage({
          id: 'idp.form.file.tooLarge',
          defaultMessage: 'This file is too large to be an identity provider’s metadata.',
        }),
      );
      return;
    }
    // FileReader rather than Blob.text(): one API every browser (and the web tests' jsdom) has.
    const reader = new FileReader();
    reader.onload = () => form.edit({ metadata_xml: typeof reader.result === 'string' ? reader.result : '' });
    reader.onerror = () =>
      setFileProblem(
        intl.formatMessage({ id: 'idp.form.file.unreadable', defaultMessage: 'The file could not be read.' }),
      );
    reader.readAsText(file);
  }

  const protocol = form.values.protocol;
  const saml = protocol === 'saml';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {registration ? (
          <div className="space-y-4">
            <DialogHeader>
              <DialogTitle>
                <FormattedMessage id="idp.form.register.title" defaultMessage="Register the hub at the provider" />
              </DialogTitle>
              <DialogDescription>
                {saml ? (
                  <FormattedMessage
                    id="idp.form.register.saml"
                    defaultMessage={
                      'In the identity provider’s console, create a SAML application with this ACS URL and entity ID ' +
                      '(or import the metadata URL). Send the email address as the NameID or as the email attribute.'
                    }
                  />
                ) : (
                  <FormattedMessage
                    id="idp.form.register.oidc"
                    defaultMessage="In the provider’s console, add this redirect URI to the application whose client ID you entered."
                  />
                )}
              </DialogDescription>
            </DialogHeader>
            <RegistrationDetails items={registration} />
            <DialogFooter>
              <Button onClick={() => close(false)}>
                <FormattedMessage id="idp.form.register.done" defaultMessage="Done" />
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            onSubmit={submit}
            className="space-y-4"
            noValidate
            aria-label={
              isCreate
                ? intl.formatMessage({ id: 'idp.form.label.new', defaultMessage: 'New identity provider' })
                : intl.formatMessage({ id: 'idp.form.label.edit', defaultMessage: 'Edit identity provider' })
            }
          >
            <DialogHeader>
              <DialogTitle>
                {isCreate ? (
                  <FormattedMessage id="idp.form.title.add" defaultMessage="Add identity provider" />
                ) : (
                  <FormattedMessage
                    id="idp.form.title.edit"
                    defaultMessage="Edit {name}"
                    values={{ name: provider.display_name }}
                  />
                )}
              </DialogTitle>
              <DialogDescription>
                {saml ? (
                  <FormattedMessage
                    id="idp.form.description.saml"
                    defaultMessage="A SAML 2.0 identity provider people may sign in with, described by its metadata."
                  />
                ) : (
                  <FormattedMessage
                    id="idp.form.description.oidc"
                    defaultMessage="An OpenID Connect provider people may sign in with. Presets fill in the issuer and scopes."
                  />
                )}
              </DialogDescription>
            </DialogHeader>
            {isCreate && (
              <div className="space-y-2">
                <Label htmlFor="idp-protocol">
                  <FormattedMessage id="idp.form.protocol" defaultMessage="Protocol" />
                </Label>
                <Select
                  value={protocol}
                  onValueChange={(v) =>
                    form.reset({ ...form.values, protocol: v as ProviderProtocol, preset: 'custom' })
                  }
                >
                  <SelectTrigger
                    id="idp-protocol"
                    className="w-full"
                    aria-label={intl.formatMessage({ id: 'idp.form.protocol', defaultMessage: 'Protocol' })}
                  >
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
                <Label htmlFor="idp-preset">
                  <FormattedMessage id="idp.form.preset" defaultMessage="Preset" />
                </Label>
                <Select
                  value={form.values.preset}
                  onValueChange={(v) => form.reset(applyPreset(form.values, v as OidcPreset | 'custom'))}
                >
                  <SelectTrigger
                    id="idp-preset"
                    className="w-full"
                    aria-label={intl.formatMessage({ id: 'idp.form.preset', defaultMessage: 'Preset' })}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="custom">
                      <FormattedMessage id="idp.form.preset.custom" defaultMessage="Any OpenID Connect provider" />
                    </SelectItem>
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
              <Field
                id="idp-display-name"
                label={intl.formatMessage({ id: 'idp.form.displayName', defaultMessage: 'Display name *' })}
                {...form.field('display_name')}
                onChange={(event) => typeDisplayName(event.target.value)}
              >
                <Input />
              </Field>
              <Field
                id="idp-slug"
                label={intl.formatMessage({ id: 'idp.form.slug', defaultMessage: 'Slug *' })}
                hint={
                  isCreate
                    ? intl.formatMessage(
                        {
                          id: 'idp.form.slugHint.create',
                          defaultMessage:
                            'Lower-case letters, digits, dashes; part of the {protocol, select, saml {ACS URL} other {redirect URI}}.',
                        },
                        { protocol },
                      )
                    : intl.formatMessage(
                        {
                          id: 'idp.form.slugHint.edit',
                          defaultMessage: 'Fixed: part of the {protocol, select, saml {ACS URL} other {redirect URI}}.',
                        },
                        { protocol },
                      )
                }
                {...form.field('slug')}
              >
                <Input readOnly={!isCreate} />
              </Field>
            </div>
            <LiveRegistration slug={form.values.slug} protocol={protocol} />
            {saml ? (
              <>
                <Field
                  id="idp-metadata"
                  label={
                    isCreate
                      ? intl.formatMessage({ id: 'idp.form.metadata.required', defaultMessage: 'Metadata XML *' })
                      : intl.formatMessage({ id: 'idp.form.metadata', defaultMessage: 'Metadata XML' })
                  }
                  hint={
                    isCreate
                      ? intl.formatMessage({
                          id: 'idp.form.metadata.hintCreate',
                          defaultMessage:
                            'From the identity provider’s console (Okta, Entra ID, Google Workspace, AD FS…): its ' +
                            'entityID, sign-in URL and signing certificate.',
                        })
                      : intl.formatMessage(
                          {
                            id: 'idp.form.metadata.hintEdit',
                            defaultMessage:
                              'Currently {issuer}, {count, plural, one {# signing certificate} other {# signing certificates}}. ' +
                              'Paste new metadata after the provider changed its certificate; leave empty to keep it.',
                          },
                          {
                            issuer:
                              provider?.issuer ??
                              intl.formatMessage({ id: 'idp.form.metadata.noIssuer', defaultMessage: 'not set' }),
                            count: provider?.saml?.certificates ?? 0,
                          },
                        ) +
                        ' ' +
                        intl.formatMessage(m.issuerChangeSaml)
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
                  <Label htmlFor="idp-metadata-file">
                    <FormattedMessage id="idp.form.metadata.file" defaultMessage="Or upload the metadata file" />
                  </Label>
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
              </>
            ) : (
              <>
                <Field
                  id="idp-issuer"
                  label={intl.formatMessage({ id: 'idp.form.issuer', defaultMessage: 'Issuer *' })}
                  hint={isCreate ? undefined : intl.formatMessage(m.issuerChangeOidc)}
                  {...form.field('issuer')}
                >
                  <Input type="url" placeholder={issuerPlaceholder(form.values.preset)} />
                </Field>
                <Field
                  id="idp-client-id"
                  label={intl.formatMessage({ id: 'idp.form.clientId', defaultMessage: 'Client ID *' })}
                  {...form.field('client_id')}
                >
                  <Input autoComplete="off" />
                </Field>
                <Field
                  id="idp-client-secret"
                  label={
                    isCreate
                      ? intl.formatMessage({ id: 'idp.form.clientSecret.required', defaultMessage: 'Client secret *' })
                      : intl.formatMessage({ id: 'idp.form.clientSecret', defaultMessage: 'Client secret' })
                  }
                  hint={
                    isCreate
                      ? intl.formatMessage({
                          id: 'idp.form.clientSecret.hintCreate',
                          defaultMessage: 'Stored sealed; never shown again.',
                        })
                      : provider?.has_client_secret
                        ? intl.formatMessage({
                            id: 'idp.form.clientSecret.hintSet',
                            defaultMessage: 'Currently set. Leave empty to keep it.',
                          })
                        : intl.formatMessage({
                            id: 'idp.form.clientSecret.hintNotSet',
                            defaultMessage: 'Currently not set. Leave empty to keep it.',
                          })
                  }
                  {...form.field('client_secret')}
                >
                  <Input type="password" autoComplete="new-password" />
                </Field>
                <Field
                  id="idp-scopes"
                  label={intl.formatMessage({ id: 'idp.form.scopes', defaultMessage: 'Scopes' })}
                  hint={intl.formatMessage({
                    id: 'idp.form.scopesHint',
                    defaultMessage: 'Separated by spaces; must include openid.',
                  })}
                  {...form.field('scopes')}
                >
                  <Input />
                </Field>
              </>
            )}
            <Field
              id="idp-domains"
              label={intl.formatMessage({ id: 'idp.form.domains', defaultMessage: 'Email domains' })}
              hint={intl.formatMessage({
                id: 'idp.form.domainsHint',
                defaultMessage:
                  'Addresses at these domains are sent to this provider from the sign-in page (comma separated). ' +
                  'When any are listed, the provider is believed about verified addresses at these domains only.',
              })}
              {...form.field('email_domains')}
            >
              <Input placeholder="example.com" />
            </Field>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">
                <FormattedMessage id="idp.form.options" defaultMessage="Options" />
              </legend>
              {flagsOf(protocol).map((flag) => (
                <div key={flag.key} className="flex items-start gap-3">
                  <Switch
                    id={`idp-${flag.key}`}
                    checked={form.values[flag.key]}
                    onCheckedChange={(checked) => form.edit({ [flag.key]: checked })}
                    aria-describedby={`idp-${flag.key}-hint`}
                  />
                  <div className="space-y-0.5">
                    <Label htmlFor={`idp-${flag.key}`}>{intl.formatMessage(flag.label)}</Label>
                    <p id={`idp-${flag.key}-hint`} className="text-xs text-muted-foreground">
                      {intl.formatMessage(flag.hint)}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <FormError {...form.error} />
            {refused && <SaveRefused result={refused} pending={pending} onSaveDisabled={saveDisabled} />}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                <FormattedMessage id="idp.form.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? (
                  <FormattedMessage id="idp.form.saving" defaultMessage="Saving…" />
                ) : isCreate ? (
                  <FormattedMessage id="idp.form.submit.add" defaultMessage="Add provider" />
                ) : (
                  <FormattedMessage id="idp.form.submit.save" defaultMessage="Save" />
                )}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Issue 46: what the upstream asks for before it issues a client ID or metadata — the redirect
 * URI, or the ACS URL and entity ID — shown as the slug is typed, in create and in edit, with
 * copy buttons (the same rule as the server's answers: src/shared/sso-urls.ts).
 */
function LiveRegistration({ slug, protocol }: { slug: string; protocol: ProviderProtocol }) {
  const publicUrl = useSsoPublicUrl();
  const typed = slug.trim();
  if (!publicUrl) return null;
  return (
    <section className="space-y-2 rounded-md border p-3" aria-labelledby="idp-live-registration">
      <h3 id="idp-live-registration" className="text-sm font-semibold">
        <FormattedMessage id="idp.form.live.title" defaultMessage="Register these at the provider" />
      </h3>
      {typed ? (
        <RegistrationDetails items={registrationItems(ssoRegistrationUrls(publicUrl, typed, protocol))} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="idp.form.live.empty"
            defaultMessage="Type a slug to see the {protocol, select, saml {ACS URL and entity ID} other {redirect URI}} to register."
            values={{ protocol }}
          />
        </p>
      )}
    </section>
  );
}
