import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/auth/auth-provider';
import { useIdentityProvidersQuery } from '@/data/identity-providers/providers-query';
import type { OrgMode } from '@/data/orgs/keys';
import { useOrgUpdateMutation } from '@/data/orgs/org-mutations';
import type { Org } from '@/data/orgs/org-query';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { mayDo } from './orgs.utils';

/** The select's value for "no provider required" (a select item cannot have an empty value). */
const NO_REQUIREMENT = 'none';

/**
 * Require MFA, require SSO through one identity provider: owners change them, everyone reads them.
 * The providers' ids come from the ecosystem admin's list, so only an ecosystem admin can name a
 * provider here; an owner can see and lift the requirement.
 */
export function PoliciesCard({ mode, org, myRoles }: { mode: OrgMode; org: Org; myRoles: string[] }) {
  const intl = useIntl();
  const { isEcosystemAdmin } = useAuth();
  const mayEdit = mayDo('update_policies', myRoles, mode);
  const providers = useIdentityProvidersQuery({ enabled: mayEdit && isEcosystemAdmin });
  const [requireMfa, setRequireMfa] = useState(org.policies.require_mfa);
  const [providerId, setProviderId] = useState(org.policies.require_sso_provider_id ?? '');
  const save = useOrgUpdateMutation(
    { mode, id: org.id },
    {
      onSuccess: () =>
        notify.success(intl.formatMessage({ id: 'orgs.policies.saved', defaultMessage: 'Policies saved' })),
    },
  );
  const dirty =
    requireMfa !== org.policies.require_mfa || (providerId || null) !== org.policies.require_sso_provider_id;
  const providerName = (id: string) =>
    providers.data?.find((p) => p.id === id)?.display_name ??
    intl.formatMessage({ id: 'orgs.policies.someProvider', defaultMessage: 'an identity provider' });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.policies.title" defaultMessage="Policies" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.policies.description"
            defaultMessage="What members must do before sister platforms accept them for this organization."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <div>
            <Label htmlFor="policy-mfa">
              <FormattedMessage id="orgs.policies.mfa" defaultMessage="Require two-step verification" />
            </Label>
            <p className="text-xs text-muted-foreground">
              <FormattedMessage
                id="orgs.policies.mfaHint"
                defaultMessage="Members without a second factor are sent to set one up."
              />
            </p>
          </div>
          <Switch
            id="policy-mfa"
            checked={requireMfa}
            disabled={!mayEdit}
            onCheckedChange={(on) => {
              save.reset();
              setRequireMfa(on);
            }}
          />
        </div>
        <div className="space-y-2 rounded-lg border p-3">
          <Label htmlFor="policy-sso">
            <FormattedMessage id="orgs.policies.sso" defaultMessage="Require single sign-on through" />
          </Label>
          {mayEdit && isEcosystemAdmin ? (
            <Select
              value={providerId || NO_REQUIREMENT}
              onValueChange={(value) => {
                save.reset();
                setProviderId(value === NO_REQUIREMENT ? '' : value);
              }}
            >
              <SelectTrigger id="policy-sso" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_REQUIREMENT}>
                  {intl.formatMessage({
                    id: 'orgs.policies.noRequirementOption',
                    defaultMessage: 'No requirement (any way of signing in)',
                  })}
                </SelectItem>
                {(providers.data ?? []).map((p) => (
                  <SelectItem key={p.id} value={p.id}>
                    {p.display_name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <p id="policy-sso" className="text-sm">
              {org.policies.require_sso_provider_id ? (
                <FormattedMessage
                  id="orgs.policies.ssoRequired"
                  defaultMessage="Members must sign in through {provider}."
                  values={{ provider: providerName(org.policies.require_sso_provider_id) }}
                />
              ) : (
                <FormattedMessage
                  id="orgs.policies.noRequirement"
                  defaultMessage="No requirement: members may sign in any way."
                />
              )}
              {mayEdit &&
                intl.formatMessage({
                  id: 'orgs.policies.adminNames',
                  defaultMessage: ' An ecosystem admin names the provider.',
                })}
            </p>
          )}
          {mayEdit && !isEcosystemAdmin && org.policies.require_sso_provider_id && (
            <Button variant="outline" size="sm" onClick={() => setProviderId('')} disabled={providerId === ''}>
              <FormattedMessage id="orgs.policies.lift" defaultMessage="Lift the requirement" />
            </Button>
          )}
        </div>
        <FormError message={save.isError ? errorText(save.error) : null} />
        {mayEdit && (
          <Button
            onClick={() => save.mutate({ require_mfa: requireMfa, require_sso_provider_id: providerId || null })}
            disabled={!dirty || save.isPending}
          >
            {save.isPending ? (
              <FormattedMessage id="orgs.policies.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="orgs.policies.save" defaultMessage="Save policies" />
            )}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
