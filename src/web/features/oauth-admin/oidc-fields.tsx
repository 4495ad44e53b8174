import { FormattedMessage, useIntl } from 'react-intl';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, type ControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { OIDC_SCOPES, type OidcScope } from './oauth-admin.utils';

export interface OidcFieldValues {
  oidcScopes: OidcScope[];
  postLogout: string;
  backchannel: string;
}

/**
 * The create form's OpenID Connect part (issue 12, beyond the spec): sign-in scopes, where the
 * hub may send the user after RP-initiated logout, and where it POSTs back-channel logout tokens.
 */
export function OidcFields({
  values,
  onChange,
  field,
}: {
  values: OidcFieldValues;
  onChange: (patch: Partial<OidcFieldValues>) => void;
  /** The form's wiring of a URI field (its words and focus: ui/field.tsx useForm), when the form has one. */
  field?: (name: 'postLogout' | 'backchannel') => ControlProps;
}) {
  const intl = useIntl();
  const toggle = (scope: OidcScope, on: boolean) =>
    onChange({
      oidcScopes: OIDC_SCOPES.filter((s) => (s === scope ? on : values.oidcScopes.includes(s))),
    });
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        <FormattedMessage id="oauth.oidc.legend" defaultMessage="OpenID Connect sign-in (optional)" />
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {OIDC_SCOPES.map((scope) => (
          <div key={scope} className="flex items-center gap-2">
            <Checkbox
              id={`client-scope-${scope}`}
              checked={values.oidcScopes.includes(scope)}
              onCheckedChange={(checked) => toggle(scope, checked === true)}
            />
            <Label htmlFor={`client-scope-${scope}`} className="font-mono text-xs">
              {scope}
            </Label>
          </div>
        ))}
      </div>
      <Field
        id="client-post-logout"
        label={intl.formatMessage({
          id: 'oauth.oidc.postLogout',
          defaultMessage: 'Post-logout Redirect URIs (one per line)',
        })}
        value={values.postLogout}
        onChange={(e) => onChange({ postLogout: e.target.value })}
        {...field?.('postLogout')}
      >
        <Textarea rows={2} placeholder="https://app.example.com/signed-out" />
      </Field>
      <Field
        id="client-backchannel"
        label={intl.formatMessage({ id: 'oauth.oidc.backchannel', defaultMessage: 'Back-channel Logout URI' })}
        value={values.backchannel}
        onChange={(e) => onChange({ backchannel: e.target.value })}
        {...field?.('backchannel')}
      >
        <Input placeholder="https://app.example.com/backchannel-logout" />
      </Field>
    </fieldset>
  );
}
