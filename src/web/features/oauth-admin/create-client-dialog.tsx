import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
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
import { Field, useForm, type FieldErrors } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';
import { useClientCreateMutation } from '@/data/oauth-clients/client-create-mutation';
import { CreatedCredentials } from './created-credentials';
import {
  DEFAULT_SCOPES,
  EMPTY_SECURITY_PROFILE,
  firstUrlError,
  securityProfileInput,
  splitLines,
} from './oauth-admin.utils';
import { SecurityProfileFields } from './security-profile-fields';
import { OidcFields, type OidcFieldValues } from './oidc-fields';
import { ClientDisplayFields, DISPLAY_API_FIELDS, EMPTY_DISPLAY, displayInput } from './client-display-fields';

const EMPTY = {
  name: '',
  description: '',
  url: '',
  redirects: '',
  origins: '',
  type: 'third_party' as 'platform' | 'third_party',
  oidcScopes: [] as OidcFieldValues['oidcScopes'],
  postLogout: '',
  backchannel: '',
  ...EMPTY_SECURITY_PROFILE,
  ...EMPTY_DISPLAY,
};

const WORDS = defineMessages({
  validationError: { id: 'oauth.create.validationError', defaultMessage: 'Validation Error' },
  requiredFields: { id: 'oauth.create.requiredFields', defaultMessage: 'Please fill in all required fields' },
  nameRequired: { id: 'oauth.create.nameRequired', defaultMessage: 'Enter the application’s name.' },
  urlRequired: {
    id: 'oauth.create.urlRequired',
    defaultMessage: 'Enter the application’s address, such as https://app.example.com.',
  },
  redirectsRequired: {
    id: 'oauth.create.redirectsRequired',
    defaultMessage: 'Enter at least one redirect URI: where the hub sends people back after they sign in.',
  },
  redirectUri: { id: 'oauth.create.field.redirectUri', defaultMessage: 'Redirect URI' },
  origin: { id: 'oauth.create.field.origin', defaultMessage: 'Allowed origin' },
  postLogout: { id: 'oauth.create.field.postLogout', defaultMessage: 'Post-logout redirect URI' },
  backchannel: { id: 'oauth.create.field.backchannel', defaultMessage: 'Back-channel logout URI' },
});

/** The API's names for the form's fields: a refusal of `app_url` shows under "Application URL". */
const API_FIELDS = {
  app_name: 'name',
  app_description: 'description',
  app_url: 'url',
  app_type: 'type',
  redirect_uris: 'redirects',
  allowed_origins: 'origins',
  post_logout_redirect_uris: 'postLogout',
  backchannel_logout_uri: 'backchannel',
  ...DISPLAY_API_FIELDS,
} as const;

/** Create dialog (spec §2, §5): required fields, one URI per line, default scopes; shows the new credentials once. */
export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const form = useForm(EMPTY, { paths: API_FIELDS });
  const [created, setCreated] = useState<{ clientId: string; secret: string | null } | null>(null);
  const create = useClientCreateMutation({
    onSuccess: (result) => {
      notify.success(
        intl.formatMessage({ id: 'oauth.create.done', defaultMessage: 'OAuth client created successfully' }),
      );
      form.reset();
      setCreated({ clientId: result.client.client_id, secret: result.client_secret });
    },
  });
  function close(next: boolean) {
    if (!next) {
      form.reset();
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    form.setError(null);
    const { values } = form;
    const redirectUris = splitLines(values.redirects);
    const origins = splitLines(values.origins);
    const postLogoutUris = splitLines(values.postLogout);
    const backchannel = values.backchannel.trim();
    const say = (message: MessageDescriptor) => intl.formatMessage(message);
    const badUrl = (label: MessageDescriptor, lines: string[]) => {
      const problem = firstUrlError([[say(label), lines]]);
      return problem ? intl.formatMessage(problem.message, problem.values) : undefined;
    };
    // Every field's problem at once, each under its field (issue 46).
    const problems: FieldErrors<typeof EMPTY> = {
      name: values.name.trim() ? undefined : say(WORDS.nameRequired),
      url: values.url.trim() ? undefined : say(WORDS.urlRequired),
      redirects: redirectUris.length ? badUrl(WORDS.redirectUri, redirectUris) : say(WORDS.redirectsRequired),
      origins: badUrl(WORDS.origin, origins),
      postLogout: badUrl(WORDS.postLogout, postLogoutUris),
      backchannel: badUrl(WORDS.backchannel, backchannel ? [backchannel] : []),
    };
    for (const key of Object.keys(problems) as (keyof typeof problems)[]) if (!problems[key]) delete problems[key];
    const profile = securityProfileInput(values);
    const display = displayInput(values);
    const other = 'error' in profile ? say(profile.error) : 'error' in display ? display.error : null;
    if (Object.keys(problems).length > 0 || 'error' in profile || 'error' in display) {
      form.setErrors(problems, other);
      // The spec's toast (§8) for required fields left empty; the fields say which.
      if (!values.name.trim() || !values.url.trim() || redirectUris.length === 0) {
        notify.error(say(WORDS.validationError), { description: say(WORDS.requiredFields) });
      }
      return;
    }
    create
      .mutateAsync({
        app_name: values.name.trim(),
        app_description: values.description.trim() || undefined,
        app_url: values.url.trim(),
        redirect_uris: redirectUris,
        allowed_origins: origins,
        app_type: values.type,
        scopes: [...DEFAULT_SCOPES, ...values.oidcScopes],
        post_logout_redirect_uris: postLogoutUris,
        backchannel_logout_uri: backchannel || null,
        ...profile.input,
        ...display.input,
      })
      .catch(form.setServerError);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        {created ? (
          <CreatedCredentials clientId={created.clientId} secret={created.secret} onDone={() => close(false)} />
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <DialogHeader>
              <DialogTitle>
                <FormattedMessage id="oauth.create.title" defaultMessage="Create OAuth Client" />
              </DialogTitle>
              <DialogDescription>
                <FormattedMessage
                  id="oauth.create.description"
                  defaultMessage={
                    'Register an application. New clients get the scopes read:profile and read:organization; ' +
                    'an application that signs users in adds the OpenID Connect ones.'
                  }
                />
              </DialogDescription>
            </DialogHeader>
            <Field
              id="client-name"
              label={intl.formatMessage({ id: 'oauth.create.name', defaultMessage: 'Application Name *' })}
              {...form.field('name')}
            >
              <Input />
            </Field>
            <Field
              id="client-description"
              label={intl.formatMessage({ id: 'oauth.create.descriptionField', defaultMessage: 'Description' })}
              {...form.field('description')}
            >
              <Textarea rows={2} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="client-url"
                label={intl.formatMessage({ id: 'oauth.create.url', defaultMessage: 'Application URL *' })}
                {...form.field('url')}
              >
                <Input placeholder="https://app.example.com" />
              </Field>
              <div className="space-y-2">
                <Label htmlFor="client-type">
                  <FormattedMessage id="oauth.create.type" defaultMessage="Application Type" />
                </Label>
                <Select value={form.values.type} onValueChange={(v) => form.edit({ type: v as typeof EMPTY.type })}>
                  <SelectTrigger
                    id="client-type"
                    className="w-full"
                    aria-label={intl.formatMessage({ id: 'oauth.create.type', defaultMessage: 'Application Type' })}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="third_party">
                      <FormattedMessage id="oauth.create.type.thirdParty" defaultMessage="Third party" />
                    </SelectItem>
                    <SelectItem value="platform">
                      <FormattedMessage id="oauth.create.type.platform" defaultMessage="Platform (first party)" />
                    </SelectItem>
                  </SelectContent>
                </Select>
              </div>
            </div>
            <Field
              id="client-redirects"
              label={intl.formatMessage({
                id: 'oauth.create.redirects',
                defaultMessage: 'Redirect URIs * (one per line)',
              })}
              {...form.field('redirects')}
            >
              <Textarea rows={3} placeholder="https://app.example.com/callback" />
            </Field>
            <Field
              id="client-origins"
              label={intl.formatMessage({
                id: 'oauth.create.origins',
                defaultMessage: 'Allowed Origins (one per line)',
              })}
              {...form.field('origins')}
            >
              <Textarea rows={2} placeholder="https://app.example.com" />
            </Field>
            <OidcFields values={form.values} onChange={form.edit} field={form.field} />
            <SecurityProfileFields values={form.values} onChange={form.edit} />
            <ClientDisplayFields values={form.values} onChange={form.edit} control={form.control} />
            <FormError {...form.error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                <FormattedMessage id="oauth.create.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? (
                  <FormattedMessage id="oauth.create.creating" defaultMessage="Creating…" />
                ) : (
                  <FormattedMessage id="oauth.create.submit" defaultMessage="Create Client" />
                )}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
