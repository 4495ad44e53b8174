import { useState } from 'react';
import { UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/auth/auth-provider';
import type { OrgMode } from '@/data/orgs/keys';
import { useMembersQuery, type OrgMember } from '@/data/orgs/members-query';
import { formatDate } from '@/lib/format';
import { MemberRolesDialog } from './member-roles-dialog';
import { MemberRemoveDialog } from './member-remove-dialog';
import { joinedViaText, mayDo, roleLabel } from './orgs.utils';

/** Members with their roles, a page of the API's cursor at a time; admins change roles and remove. */
export function MembersCard({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const query = useMembersQuery({ mode, id: orgId });
  const { user } = useAuth();
  const [editing, setEditing] = useState<OrgMember | null>(null);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const mayManage = mayDo('manage_members', myRoles, mode);
  // An admin may not change or remove an owner: only owners touch the owner role.
  const mayOwners = mayDo('manage_owners', myRoles, mode);
  const list = { ...query, data: query.data?.pages.flatMap((p) => p.members) };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Members</CardTitle>
        <CardDescription>
          Everyone in this organization and their roles. Sister platforms receive these roles in the{' '}
          <code>organizations</code> claim.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <QueryState
          query={list}
          loadingLabel="Loading members…"
          errorTitle="Could not load the members"
          isEmpty={(m) => m.length === 0}
          empty={<EmptyState icon={UsersIcon} title="No members" />}
        >
          {(members) => (
            <ul className="divide-y" aria-label="Members">
              {members.map((m) => (
                <li
                  key={m.user_id}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-testid="org-member"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">
                      {m.full_name ?? m.email}
                      {m.user_id === user?.id && <span className="text-muted-foreground"> (you)</span>}
                    </p>
                    <p className="text-sm break-all text-muted-foreground">{m.email}</p>
                    <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                      {m.roles.map((r) => (
                        <Badge key={r} variant={r === 'owner' ? 'default' : 'secondary'}>
                          {roleLabel(r)}
                        </Badge>
                      ))}
                      <span>
                        · {joinedViaText(m.joined_via)} on {formatDate(m.joined_at)}
                      </span>
                    </p>
                  </div>
                  {mayManage && (!m.roles.includes('owner') || mayOwners) && (
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(m)}
                        aria-label={`Change roles of ${m.email}`}
                      >
                        Change role
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRemoving(m)}
                        aria-label={`Remove ${m.email}`}
                      >
                        Remove
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {query.hasNextPage && (
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more members'}
          </Button>
        )}
      </CardContent>
      {editing && (
        <MemberRolesDialog
          mode={mode}
          orgId={orgId}
          member={editing}
          myRoles={myRoles}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && <MemberRemoveDialog mode={mode} orgId={orgId} member={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}
