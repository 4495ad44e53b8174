import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Building2Icon } from 'lucide-react';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/auth/auth-provider';
import { useMemberRemoveMutation } from '@/data/orgs/member-mutations';
import { useMyOrgsQuery, type MyOrg } from '@/data/orgs/my-orgs-query';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { OrgCreateForm } from '@/features/orgs/org-create-form';
import { orgHref, roleText } from '@/features/orgs/orgs.utils';
import { AccountSection } from './account-section';

/**
 * Leaving is removing oneself (DELETE …/members/:own id). The server keeps every organization
 * with an owner and says so in the list (`actions.leave`): the last owner's Leave is disabled with
 * the reason; a 409 arriving anyway (someone else left meanwhile) is shown on the card.
 */
function OrgRow({ org, userId }: { org: MyOrg; userId: string }) {
  const intl = useIntl();
  const name = org.name;
  const [confirming, setConfirming] = useState(false);
  const leave = useMemberRemoveMutation(
    { mode: 'member', orgId: org.id },
    {
      onSuccess: () =>
        notify.success(intl.formatMessage({ id: 'account.orgs.left', defaultMessage: 'You left {name}' }, { name })),
    },
  );
  return (
    <Card data-testid="my-org">
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base break-words">
          {org.name}
        </CardTitle>
        <ul
          className="flex flex-wrap gap-1"
          aria-label={intl.formatMessage(
            { id: 'account.orgs.rolesLabel', defaultMessage: 'Your roles in {name}' },
            { name },
          )}
        >
          {org.roles.map((r) => (
            <li key={r}>
              <Badge variant={r === 'owner' ? 'default' : 'secondary'}>{roleText(intl, r)}</Badge>
            </li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link
              to={orgHref('member', org.id)}
              aria-label={intl.formatMessage({ id: 'account.orgs.openLabel', defaultMessage: 'Open {name}' }, { name })}
            >
              <FormattedMessage id="account.orgs.open" defaultMessage="Open" />
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={leave.isPending || !org.actions.leave.allowed}
            aria-describedby={org.actions.leave.allowed ? undefined : `leave-reason-${org.id}`}
            aria-label={intl.formatMessage({ id: 'account.orgs.leaveLabel', defaultMessage: 'Leave {name}' }, { name })}
          >
            {leave.isPending ? (
              <FormattedMessage id="account.orgs.leaving" defaultMessage="Leaving…" />
            ) : (
              <FormattedMessage id="account.orgs.leave" defaultMessage="Leave" />
            )}
          </Button>
        </div>
        {!org.actions.leave.allowed && (
          <p id={`leave-reason-${org.id}`} className="text-xs text-muted-foreground" data-testid="leave-reason">
            <FormattedMessage
              id="account.orgs.leaveRefusedLastOwner"
              defaultMessage="You are its last owner: make someone else an owner before you leave."
            />
          </p>
        )}
        <FormError message={leave.isError ? errorText(leave.error) : null} />
      </CardContent>
      {confirming && (
        <DestructiveConfirmDialog
          title={intl.formatMessage(
            { id: 'account.orgs.leaveConfirm.title', defaultMessage: 'Leave {name}?' },
            { name },
          )}
          description={intl.formatMessage({
            id: 'account.orgs.leaveConfirm.description',
            defaultMessage: 'You lose your roles in it; to come back you need a new invitation.',
          })}
          action={intl.formatMessage({ id: 'account.orgs.leaveConfirm.action', defaultMessage: 'Leave' })}
          onConfirm={() => leave.mutate(userId, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

/** Organizations: the ones you belong to, your roles in each, open one, leave one, create one. */
export default function OrgsTab() {
  const intl = useIntl();
  const orgs = useMyOrgsQuery();
  const { user } = useAuth();
  return (
    <AccountSection
      id="orgs"
      title={intl.formatMessage({ id: 'account.orgs.title', defaultMessage: 'Organizations' })}
      intro={intl.formatMessage({
        id: 'account.orgs.intro',
        defaultMessage:
          'The employers and teams you belong to. Sister platforms you sign in to may see them and your roles.',
      })}
    >
      <QueryList
        query={orgs}
        loadingLabel={intl.formatMessage({ id: 'account.orgs.loading', defaultMessage: 'Loading your organizations…' })}
        errorTitle={intl.formatMessage({
          id: 'account.orgs.loadError',
          defaultMessage: 'Could not load your organizations',
        })}
        empty={
          <EmptyState
            icon={Building2Icon}
            title={intl.formatMessage({ id: 'account.orgs.empty', defaultMessage: 'No organizations' })}
            hint={intl.formatMessage({
              id: 'account.orgs.emptyHint',
              defaultMessage:
                'You join one by accepting an invitation, or by signing in with an address in a domain it verified.',
            })}
          />
        }
      >
        {(o) => <OrgRow key={o.id} org={o} userId={user?.id ?? ''} />}
      </QueryList>
      <OrgCreateForm />
    </AccountSection>
  );
}
