import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { OrgMode } from '@/data/orgs/keys';
import { useScimQuery, type ScimOverview } from '@/data/orgs/scim-query';
import { useScimTokenCreateMutation, useScimTokenRevokeMutation } from '@/data/orgs/scim-mutations';
import { CopyButton } from '@/features/oauth-admin/copy-button';

const when = (iso: string) => <FormattedDate value={iso} dateStyle="medium" timeStyle="short" />;

/**
 * Directory provisioning (SCIM 2.0, issue 41): the base URL to give Okta or Entra ID, the
 * organization's tokens (created here and shown once, revocable), and the last calls the
 * directory made, errors included. Owners and ecosystem admins only; the server decides anyway.
 */
export function ScimSection({ mode, orgId }: { mode: OrgMode; orgId: string }) {
  const intl = useIntl();
  const query = useScimQuery({ mode, id: orgId }, { refetchInterval: 30_000 });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.scim.title" defaultMessage="Directory provisioning (SCIM)" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.scim.description"
            defaultMessage="Your identity provider (Okta, Microsoft Entra ID…) creates, updates and deactivates members through SCIM 2.0 with a token of this organization."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState
          query={query}
          loadingLabel={intl.formatMessage({ id: 'orgs.scim.loading', defaultMessage: 'Loading SCIM settings…' })}
          errorTitle={intl.formatMessage({
            id: 'orgs.scim.loadError',
            defaultMessage: 'Could not load the SCIM settings',
          })}
        >
          {(overview) => (
            <>
              <BaseUrl url={overview.base_url} />
              <Tokens mode={mode} orgId={orgId} overview={overview} />
              <CallLog calls={overview.calls} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function BaseUrl({ url }: { url: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'orgs.scim.baseUrl', defaultMessage: 'SCIM base URL' });
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex items-center gap-1">
        <code data-testid="scim-base-url" className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
          {url}
        </code>
        <CopyButton label={label} getText={() => url} />
      </div>
    </div>
  );
}

function Tokens({ mode, orgId, overview }: { mode: OrgMode; orgId: string; overview: ScimOverview }) {
  const intl = useIntl();
  const form = useForm({ name: '' });
  const [secret, setSecret] = useState<string | null>(null);
  const create = useScimTokenCreateMutation({ mode, orgId });
  const revoke = useScimTokenRevokeMutation({ mode, orgId });
  const tokenLabel = intl.formatMessage({ id: 'orgs.scim.token', defaultMessage: 'SCIM token' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = form.values.name.trim();
    if (!name)
      return form.setError(
        intl.formatMessage({ id: 'orgs.scim.nameRequired', defaultMessage: 'Name the token, e.g. Okta production.' }),
        'name',
      );
    try {
      setSecret((await create.mutateAsync(name)).token);
      form.reset();
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <section className="space-y-3" aria-labelledby="scim-tokens-heading">
      <h3 id="scim-tokens-heading" className="text-sm font-medium">
        <FormattedMessage id="orgs.scim.tokens" defaultMessage="Tokens" />
      </h3>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          id="scim-token-name"
          label={intl.formatMessage({ id: 'orgs.scim.tokenName', defaultMessage: 'Token name' })}
          {...form.field('name')}
        >
          <Input placeholder="Okta production" autoComplete="off" maxLength={80} />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <FormattedMessage id="orgs.scim.create" defaultMessage="Create token" />
        </Button>
        <div className="sm:col-span-2 empty:hidden">
          <FormError {...form.error} />
        </div>
      </form>
      {secret && (
        <div className="space-y-2 rounded-md border border-destructive/50 bg-destructive/10 p-3" role="alert">
          <p className="flex gap-2 text-sm">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            <FormattedMessage
              id="orgs.scim.shownOnce"
              defaultMessage="Copy the token now and paste it into your identity provider. It is shown only this once."
            />
          </p>
          <div className="flex items-center gap-1">
            <code data-testid="scim-token" className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
              {secret}
            </code>
            <CopyButton label={tokenLabel} getText={() => secret} />
          </div>
          <Button size="sm" onClick={() => setSecret(null)}>
            <FormattedMessage id="orgs.scim.stored" defaultMessage="I have stored it" />
          </Button>
        </div>
      )}
      {overview.tokens.length === 0 ? (
        <EmptyState
          icon={KeyRoundIcon}
          title={intl.formatMessage({ id: 'orgs.scim.noTokens', defaultMessage: 'No SCIM tokens yet' })}
        />
      ) : (
        <ul className="divide-y" aria-labelledby="scim-tokens-heading">
          {overview.tokens.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="scim-token-row"
            >
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium break-all">
                  {t.name}
                  {t.revoked_at && (
                    <Badge variant="outline">
                      <FormattedMessage id="orgs.scim.revoked" defaultMessage="Revoked" />
                    </Badge>
                  )}
                </p>
                <p className="text-muted-foreground">
                  <FormattedMessage
                    id="orgs.scim.tokenDates"
                    defaultMessage="Created {created} · last used {used}"
                    values={{
                      created: when(t.created_at),
                      used: t.last_used_at
                        ? when(t.last_used_at)
                        : intl.formatMessage({ id: 'orgs.scim.never', defaultMessage: 'never' }),
                    }}
                  />
                </p>
              </div>
              {!t.revoked_at && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(t.id)}
                  aria-label={intl.formatMessage(
                    { id: 'orgs.scim.revokeNamed', defaultMessage: 'Revoke {name}' },
                    { name: t.name },
                  )}
                >
                  <FormattedMessage id="orgs.scim.revoke" defaultMessage="Revoke" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CallLog({ calls }: { calls: ScimOverview['calls'] }) {
  return (
    <section className="space-y-2" aria-labelledby="scim-log-heading">
      <h3 id="scim-log-heading" className="text-sm font-medium">
        <FormattedMessage id="orgs.scim.log" defaultMessage="Provisioning log" />
      </h3>
      {calls.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="orgs.scim.noCalls" defaultMessage="Your directory has not called yet." />
        </p>
      ) : (
        <ul className="divide-y text-sm" aria-labelledby="scim-log-heading" data-testid="scim-log">
          {calls.map((c, i) => (
            <li key={`${c.at}-${i}`} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr_auto] sm:gap-3">
              <span className="text-muted-foreground">{when(c.at)}</span>
              <span className="min-w-0 break-all font-mono text-xs">
                {c.method} {c.path}
                {c.detail && <span className="block font-sans text-destructive">{c.detail}</span>}
              </span>
              <Badge variant={c.status < 400 ? 'success' : 'warning'}>
                {c.status}
                {c.scim_type ? ` ${c.scim_type}` : ''}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
