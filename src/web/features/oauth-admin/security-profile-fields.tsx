import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CLIENT_JWT_ALGS } from '@shared/oauth';
import type { SecurityProfileValues } from './oauth-admin.utils';

type Flag = 'fapi2' | 'par' | 'dpop' | 'keyAuth';

const m = defineMessages({
  fapi2: { id: 'oauth.profile.fapi2', defaultMessage: 'FAPI 2.0 profile' },
  fapi2Hint: { id: 'oauth.profile.fapi2Hint', defaultMessage: 'Requires PAR, PKCE S256, DPoP and private_key_jwt' },
  par: { id: 'oauth.profile.par', defaultMessage: 'Require pushed authorization requests' },
  parHint: { id: 'oauth.profile.parHint', defaultMessage: 'RFC 9126: requests go to /oauth/par first' },
  dpop: { id: 'oauth.profile.dpop', defaultMessage: 'Require DPoP-bound tokens' },
  dpopHint: { id: 'oauth.profile.dpopHint', defaultMessage: 'RFC 9449: every token request carries a proof' },
  keyAuth: { id: 'oauth.profile.keyAuth', defaultMessage: 'Authenticate with private_key_jwt' },
  keyAuthHint: { id: 'oauth.profile.keyAuthHint', defaultMessage: 'RFC 7523: the client signs with its own key' },
});

const FLAGS: { key: Flag; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { key: 'fapi2', label: m.fapi2, hint: m.fapi2Hint },
  { key: 'par', label: m.par, hint: m.parHint },
  { key: 'dpop', label: m.dpop, hint: m.dpopHint },
  { key: 'keyAuth', label: m.keyAuth, hint: m.keyAuthHint },
];

/**
 * The FAPI 2.0 part of the client forms (issue 31): the profile and its building blocks as
 * checkboxes, and the client's public keys (a pasted JWK Set or a JWKS URL).
 */
export function SecurityProfileFields({
  values,
  onChange,
  idPrefix = 'client',
}: {
  values: SecurityProfileValues;
  onChange: (patch: Partial<SecurityProfileValues>) => void;
  idPrefix?: string;
}) {
  const intl = useIntl();
  const implied = (key: Flag) => values.fapi2 && key !== 'fapi2';
  const algLabel = intl.formatMessage({
    id: 'oauth.profile.requestAlg',
    defaultMessage: 'Request object signing algorithm',
  });
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        <FormattedMessage id="oauth.profile.legend" defaultMessage="Security profile (optional)" />
      </legend>
      <div className="space-y-2">
        {FLAGS.map(({ key, label, hint }) => (
          <div key={key} className="flex items-start gap-2">
            <Checkbox
              id={`${idPrefix}-${key}`}
              className="mt-0.5"
              checked={values[key] || implied(key)}
              disabled={implied(key)}
              aria-describedby={`${idPrefix}-${key}-hint`}
              onCheckedChange={(checked) => onChange({ [key]: checked === true })}
            />
            <div className="space-y-0.5">
              <Label htmlFor={`${idPrefix}-${key}`}>{intl.formatMessage(label)}</Label>
              <p id={`${idPrefix}-${key}-hint`} className="text-xs text-muted-foreground">
                {implied(key)
                  ? intl.formatMessage({
                      id: 'oauth.profile.implied',
                      defaultMessage: 'Included in the FAPI 2.0 profile',
                    })
                  : intl.formatMessage(hint)}
              </p>
            </div>
          </div>
        ))}
      </div>
      <Field
        id={`${idPrefix}-jwks`}
        label={intl.formatMessage({ id: 'oauth.profile.jwks', defaultMessage: 'Public JWK Set (JSON)' })}
        value={values.jwks}
        onChange={(e) => onChange({ jwks: e.target.value })}
      >
        <Textarea rows={3} className="font-mono text-xs" placeholder='{"keys": [{"kty": "EC", "crv": "P-256", …}]}' />
      </Field>
      <Field
        id={`${idPrefix}-jwks-uri`}
        label={intl.formatMessage({ id: 'oauth.profile.jwksUri', defaultMessage: 'or JWKS URL' })}
        value={values.jwksUri}
        onChange={(e) => onChange({ jwksUri: e.target.value })}
      >
        <Input placeholder="https://app.example.com/jwks.json" />
      </Field>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-request-alg`}>{algLabel}</Label>
        <Select
          value={values.requestObjectAlg}
          onValueChange={(v) => onChange({ requestObjectAlg: v as SecurityProfileValues['requestObjectAlg'] })}
        >
          <SelectTrigger id={`${idPrefix}-request-alg`} className="w-full" aria-label={algLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">
              <FormattedMessage id="oauth.profile.anyAlg" defaultMessage="Any the hub supports" />
            </SelectItem>
            {CLIENT_JWT_ALGS.map((alg) => (
              <SelectItem key={alg} value={alg}>
                {alg}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </fieldset>
  );
}
