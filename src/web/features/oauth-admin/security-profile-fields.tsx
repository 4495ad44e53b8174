import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CLIENT_JWT_ALGS } from '@shared/oauth';
import type { SecurityProfileValues } from './oauth-admin.utils';

type Flag = 'fapi2' | 'par' | 'dpop' | 'keyAuth';

const FLAGS: { key: Flag; label: string; hint: string }[] = [
  { key: 'fapi2', label: 'FAPI 2.0 profile', hint: 'Requires PAR, PKCE S256, DPoP and private_key_jwt' },
  { key: 'par', label: 'Require pushed authorization requests', hint: 'RFC 9126: requests go to /oauth/par first' },
  { key: 'dpop', label: 'Require DPoP-bound tokens', hint: 'RFC 9449: every token request carries a proof' },
  { key: 'keyAuth', label: 'Authenticate with private_key_jwt', hint: 'RFC 7523: the client signs with its own key' },
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
  const implied = (key: Flag) => values.fapi2 && key !== 'fapi2';
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Security profile (optional)</legend>
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
              <Label htmlFor={`${idPrefix}-${key}`}>{label}</Label>
              <p id={`${idPrefix}-${key}-hint`} className="text-xs text-muted-foreground">
                {implied(key) ? 'Included in the FAPI 2.0 profile' : hint}
              </p>
            </div>
          </div>
        ))}
      </div>
      <Field
        id={`${idPrefix}-jwks`}
        label="Public JWK Set (JSON)"
        value={values.jwks}
        onChange={(e) => onChange({ jwks: e.target.value })}
      >
        <Textarea rows={3} className="font-mono text-xs" placeholder='{"keys": [{"kty": "EC", "crv": "P-256", …}]}' />
      </Field>
      <Field
        id={`${idPrefix}-jwks-uri`}
        label="or JWKS URL"
        value={values.jwksUri}
        onChange={(e) => onChange({ jwksUri: e.target.value })}
      >
        <Input placeholder="https://app.example.com/jwks.json" />
      </Field>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-request-alg`}>Request object signing algorithm</Label>
        <Select
          value={values.requestObjectAlg}
          onValueChange={(v) => onChange({ requestObjectAlg: v as SecurityProfileValues['requestObjectAlg'] })}
        >
          <SelectTrigger
            id={`${idPrefix}-request-alg`}
            className="w-full"
            aria-label="Request object signing algorithm"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Any the hub supports</SelectItem>
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
