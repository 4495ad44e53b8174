import { useState } from 'react';
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
import { orgHref, roleLabel } from '@/features/orgs/orgs.utils';
import { AccountSection } from './account-section';

/**
 * Leaving is removing oneself (DELETE …/members/:own id). The server keeps every organization
 * with an owner: the last owner's 409 is shown on the card, in its own words.
 */
function OrgRow({ org, userId }: { org: MyOrg; userId: string }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useMemberRemoveMutation(
    { mode: 'member', orgId: org.id },
    { onSuccess: () => notify.success(`You left ${org.name}`) },
  );
  return (
    <Card data-testid="my-org">
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base break-words">
          {org.name}
        </CardTitle>
        <ul className="flex flex-wrap gap-1" aria-label={`Your roles in ${org.name}`}>
          {org.roles.map((r) => (
            <li key={r}>
              <Badge variant={r === 'owner' ? 'default' : 'secondary'}>{roleLabel(r)}</Badge>
            </li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={orgHref('member', org.id)} aria-label={`Open ${org.name}`}>
              Open
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={leave.isPending}
            aria-label={`Leave ${org.name}`}
          >
            {leave.isPending ? 'Leaving…' : 'Leave'}
          </Button>
        </div>
        <FormError message={leave.isError ? errorText(leave.error) : null} />
      </CardContent>
      {confirming && (
        <DestructiveConfirmDialog
          title={`Leave ${org.name}?`}
          description="You lose your roles in it; to come back you need a new invitation."
          action="Leave"
          onConfirm={() => leave.mutate(userId, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

/** Organizations: the ones you belong to, your roles in each, open one, leave one, create one. */
export default function OrgsTab() {
  const orgs = useMyOrgsQuery();
  const { user } = useAuth();
  return (
    <AccountSection
      id="orgs"
      title="Organizations"
      intro="The employers and teams you belong to. Sister platforms you sign in to may see them and your roles."
    >
      <QueryList
        query={orgs}
        loadingLabel="Loading your organizations…"
        errorTitle="Could not load your organizations"
        empty={
          <EmptyState
            icon={Building2Icon}
            title="No organizations"
            hint="You join one by accepting an invitation, or by signing in with an address in a domain it verified."
          />
        }
      >
        {(o) => <OrgRow key={o.id} org={o} userId={user?.id ?? ''} />}
      </QueryList>
      <OrgCreateForm />
    </AccountSection>
  );
}
