import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Bot } from 'lucide-react';
import type { DcrPolicy, DynamicClientView } from '@shared/api/dcr';
import { DCR_ASSIGNABLE_SCOPES, type DcrMode } from '@shared/oauth';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  useDcrPolicyMutation,
  useDcrPolicyQuery,
  useDynamicClientAction,
  useDynamicClientsQuery,
  useIssueInitialAccessToken,
  type IssuedInitialAccessToken,
} from '@/data/oauth-clients/dcr';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { CopyButton } from './copy-button';

/**
 * Issue 40: dynamic client registration on the OAuth administration screen — the policy, initial
 * access tokens (shown once), and the clients that registered themselves, listed apart from the
 * ones administrators registered, with approve, suspend and delete.
 */
export function DynamicClientsTab() {
  return (
    <div className="space-y-4">
      <PolicyCard />
      <InitialAccessTokenCard />
      <DynamicClientList />
    </div>
  );
}

function PolicyCard() {
  const intl = useIntl();
  const query = useDcrPolicyQuery();
  const [draft, setDraft] = useState<DcrPolicy | null>(null);
  useEffect(() => {
    if (query.data && !draft) setDraft(query.data.policy);
  }, [query.data, draft]);
  const save = useDcrPolicyMutation(() =>
    notify.success(intl.formatMessage({ id: 'oauth.dcr.policy.saved', defaultMessage: 'Registration policy saved' })),
  );
  const modes: Record<DcrMode, string> = {
    off: intl.formatMessage({ id: 'oauth.dcr.mode.off', defaultMessage: 'Off: nobody may register' }),
    token: intl.formatMessage({
      id: 'oauth.dcr.mode.token',
      defaultMessage: 'With an initial access token an administrator issued',
    }),
    open: intl.formatMessage({ id: 'oauth.dcr.mode.open', defaultMessage: 'Open: anyone may register' }),
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="oauth.dcr.policy.title" defaultMessage="Dynamic registration policy" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="oauth.dcr.policy.description"
            defaultMessage={
              'AI agents and partners can register themselves (RFC 7591). ' +
              'They are third parties: PKCE or private_key_jwt, only the scopes allowed here.'
            }
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!draft ? (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="oauth.dcr.loading" defaultMessage="Loading…" />
          </p>
        ) : (
          <form
            noValidate
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(draft);
            }}
          >
            <div className="space-y-1">
              <Label htmlFor="dcr-mode">
                <FormattedMessage id="oauth.dcr.mode.label" defaultMessage="Who may register" />
              </Label>
              <Select value={draft.mode} onValueChange={(v) => setDraft({ ...draft, mode: v as DcrMode })}>
                <SelectTrigger id="dcr-mode">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(modes) as DcrMode[]).map((m) => (
                    <SelectItem key={m} value={m}>
                      {modes[m]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">
                <FormattedMessage id="oauth.dcr.scopes.label" defaultMessage="Scopes a registered client may get" />
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {DCR_ASSIGNABLE_SCOPES.map((scope) => (
                  <div key={scope} className="flex items-center gap-2">
                    <Checkbox
                      id={`dcr-scope-${scope}`}
                      checked={draft.allowed_scopes.includes(scope)}
                      onCheckedChange={(on) =>
                        setDraft({
                          ...draft,
                          allowed_scopes: DCR_ASSIGNABLE_SCOPES.filter((s) =>
                            s === scope ? on === true : draft.allowed_scopes.includes(s),
                          ),
                        })
                      }
                    />
                    <Label htmlFor={`dcr-scope-${scope}`} className="font-mono text-xs">
                      {scope}
                    </Label>
                  </div>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="dcr-expiry">
                  <FormattedMessage
                    id="oauth.dcr.expiry.label"
                    defaultMessage="Delete unused registrations after (days)"
                  />
                </Label>
                <Input
                  id="dcr-expiry"
                  type="number"
                  min={1}
                  max={3650}
                  value={draft.unused_expiry_days}
                  onChange={(e) => setDraft({ ...draft, unused_expiry_days: Number(e.target.value) })}
                />
              </div>
              <div className="flex items-center gap-2 self-end pb-2">
                <Checkbox
                  id="dcr-cimd"
                  checked={draft.client_id_metadata_documents}
                  onCheckedChange={(on) => setDraft({ ...draft, client_id_metadata_documents: on === true })}
                />
                <Label htmlFor="dcr-cimd">
                  <FormattedMessage
                    id="oauth.dcr.cimd.label"
                    defaultMessage="Accept client ID metadata documents (https client_id)"
                  />
                </Label>
              </div>
            </div>
            <Button type="submit" disabled={save.isPending}>
              <FormattedMessage id="oauth.dcr.policy.save" defaultMessage="Save policy" />
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function InitialAccessTokenCard() {
  const intl = useIntl();
  const issue = useIssueInitialAccessToken();
  const [label, setLabel] = useState('');
  const [maxUses, setMaxUses] = useState(1);
  const [days, setDays] = useState(7);
  const [issued, setIssued] = useState<IssuedInitialAccessToken | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="oauth.dcr.iat.title" defaultMessage="Initial access tokens" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="oauth.dcr.iat.description"
            defaultMessage="Give one to a partner so that its agent can register while the policy asks for a token. It is shown once."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            issue.mutate({ label, max_uses: maxUses, expires_in_days: days }, { onSuccess: (t) => setIssued(t) });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="iat-label">
              <FormattedMessage id="oauth.dcr.iat.label" defaultMessage="For whom" />
            </Label>
            <Input id="iat-label" required maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="iat-uses">
              <FormattedMessage id="oauth.dcr.iat.uses" defaultMessage="Uses" />
            </Label>
            <Input
              id="iat-uses"
              type="number"
              min={1}
              max={1000}
              value={maxUses}
              onChange={(e) => setMaxUses(Number(e.target.value))}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="iat-days">
              <FormattedMessage id="oauth.dcr.iat.days" defaultMessage="Valid for (days)" />
            </Label>
            <Input
              id="iat-days"
              type="number"
              min={1}
              max={365}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            />
          </div>
          <Button type="submit" disabled={issue.isPending}>
            <FormattedMessage id="oauth.dcr.iat.issue" defaultMessage="Issue token" />
          </Button>
        </form>
        {issued && (
          <div role="status" className="space-y-1 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm">
            <p>
              <FormattedMessage
                id="oauth.dcr.iat.shownOnce"
                defaultMessage="Copy it now: it will not be shown again."
              />
            </p>
            <div className="flex items-center gap-1">
              <code className="truncate rounded bg-muted px-1.5 py-0.5 text-xs" data-testid="initial-access-token">
                {issued.token}
              </code>
              <CopyButton
                label={intl.formatMessage({ id: 'oauth.dcr.iat.copy', defaultMessage: 'Initial access token' })}
                getText={() => issued.token}
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DynamicClientList() {
  const intl = useIntl();
  const clients = useDynamicClientsQuery();
  return (
    <section aria-labelledby="dcr-clients-heading" className="space-y-3">
      <h2 id="dcr-clients-heading" className="text-lg font-semibold">
        <FormattedMessage id="oauth.dcr.clients.title" defaultMessage="Registered by themselves" />
      </h2>
      <QueryState
        query={clients}
        loadingLabel={intl.formatMessage({ id: 'oauth.dcr.clients.loading', defaultMessage: 'Loading registrations…' })}
        errorTitle={intl.formatMessage({
          id: 'oauth.dcr.clients.error',
          defaultMessage: 'Could not load the dynamically registered clients',
        })}
        isEmpty={(d) => d.length === 0}
        empty={
          <Card>
            <CardContent>
              <EmptyState
                icon={Bot}
                title={intl.formatMessage({
                  id: 'oauth.dcr.clients.empty',
                  defaultMessage: 'No dynamic registrations',
                })}
              />
            </CardContent>
          </Card>
        }
      >
        {(list) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((c) => (
              <DynamicClientCard key={c.id} client={c} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function DynamicClientCard({ client }: { client: DynamicClientView }) {
  const intl = useIntl();
  const action = useDynamicClientAction((a) =>
    notify.success(
      intl.formatMessage(
        {
          id: 'oauth.dcr.action.done',
          defaultMessage:
            '{kind, select, approve {Client approved} suspend {Client suspended} resume {Client resumed} other {Client deleted}}',
        },
        { kind: a.kind },
      ),
    ),
  );
  const never = intl.formatMessage({ id: 'oauth.dcr.never', defaultMessage: 'Never' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const row = (label: React.ReactNode, value: React.ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{value}</dd>
    </div>
  );
  return (
    <Card data-testid="dynamic-client-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{client.client_name}</CardTitle>
          <div className="flex gap-1">
            <Badge variant={client.approved ? 'success' : 'warning'}>
              {client.approved ? (
                <FormattedMessage id="oauth.dcr.badge.approved" defaultMessage="Approved" />
              ) : (
                <FormattedMessage id="oauth.dcr.badge.unreviewed" defaultMessage="Not reviewed" />
              )}
            </Badge>
            <Badge variant={client.is_active ? 'outline' : 'secondary'}>
              {client.is_active ? (
                <FormattedMessage id="oauth.dcr.badge.active" defaultMessage="Active" />
              ) : (
                <FormattedMessage id="oauth.dcr.badge.suspended" defaultMessage="Suspended" />
              )}
            </Badge>
          </div>
        </div>
        <CardDescription className="truncate font-mono text-xs">{client.client_id}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid gap-3 sm:grid-cols-2">
          {row(
            <FormattedMessage id="oauth.dcr.field.via" defaultMessage="Registered with" />,
            client.registered_via === 'initial_access_token' ? (
              <FormattedMessage id="oauth.dcr.via.token" defaultMessage="An initial access token" />
            ) : (
              <FormattedMessage id="oauth.dcr.via.open" defaultMessage="Open registration" />
            ),
          )}
          {row(
            <FormattedMessage id="oauth.dcr.field.created" defaultMessage="Registered" />,
            formatDate(client.created_at),
          )}
          {row(
            <FormattedMessage id="oauth.dcr.field.lastUsed" defaultMessage="Last used" />,
            client.last_used_at ? formatDate(client.last_used_at) : never,
          )}
          {row(
            <FormattedMessage id="oauth.dcr.field.expires" defaultMessage="Deleted if unused by" />,
            client.expires_at ? formatDate(client.expires_at) : '—',
          )}
          {row(
            <FormattedMessage id="oauth.dcr.field.software" defaultMessage="Software ID" />,
            client.software_id ?? '—',
          )}
          {row(
            <FormattedMessage id="oauth.dcr.field.redirects" defaultMessage="Redirect URIs" />,
            <span className="font-mono text-xs">{client.redirect_uris.join(' ')}</span>,
          )}
        </dl>
        <div className="flex flex-wrap gap-1">
          {client.scopes.map((s) => (
            <Badge key={s} variant="secondary" translate="no">
              {s}
            </Badge>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {!client.approved && (
            <Button
              size="sm"
              onClick={() => action.mutate({ kind: 'approve', id: client.id })}
              disabled={action.isPending}
            >
              <FormattedMessage id="oauth.dcr.action.approve" defaultMessage="Approve as first-party" />
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => action.mutate({ kind: client.is_active ? 'suspend' : 'resume', id: client.id })}
            disabled={action.isPending}
          >
            {client.is_active ? (
              <FormattedMessage id="oauth.dcr.action.suspend" defaultMessage="Suspend" />
            ) : (
              <FormattedMessage id="oauth.dcr.action.resume" defaultMessage="Resume" />
            )}
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setConfirmDelete(true)} disabled={action.isPending}>
            <FormattedMessage id="oauth.dcr.action.delete" defaultMessage="Delete" />
          </Button>
        </div>
        {confirmDelete && (
          <ConfirmDialog
            title={intl.formatMessage(
              { id: 'oauth.dcr.delete.title', defaultMessage: 'Delete {name}?' },
              { name: client.client_name },
            )}
            description={intl.formatMessage({
              id: 'oauth.dcr.delete.description',
              defaultMessage:
                'Its sessions and everyone\u2019s consent to it are removed; ' +
                'access tokens already issued run out within 15 minutes.',
            })}
            action={intl.formatMessage({ id: 'oauth.dcr.action.delete', defaultMessage: 'Delete' })}
            isDestructive
            onConfirm={() => action.mutate({ kind: 'delete', id: client.id })}
            onClose={() => setConfirmDelete(false)}
          />
        )}
      </CardContent>
    </Card>
  );
}
