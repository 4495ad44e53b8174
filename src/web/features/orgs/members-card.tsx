import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/auth/auth-provider';
import type { OrgMode } from '@/data/orgs/keys';
import { useMembersQuery, type OrgMember } from '@/data/orgs/members-query';
import { MemberRolesDialog } from './member-roles-dialog';
import { MemberActions } from './member-actions';
import { MemberRemoveDialog } from './member-remove-dialog';
import { DATE, joinedViaKey, mayDo, roleText } from './orgs.utils';

/** Members with their roles, a page of the API's cursor at a time; admins change roles and remove. */
export function MembersCard({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const intl = useIntl();
  const query = useMembersQuery({ mode, id: orgId });
  const { user } = useAuth();
  const [editing, setEditing] = useState<OrgMember | null>(null);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  // Whether to show the management buttons at all; each one's state is the server's (member.actions).
  const mayManage = mayDo('manage_members', myRoles, mode);
  const list = { ...query, data: query.data?.pages.flatMap((p) => p.members) };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.members.title" defaultMessage="Members" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.members.description"
            defaultMessage="Everyone in this organization and their roles. Sister platforms receive these roles in the <code>organizations</code> claim."
            values={{ code: (chunks) => <code>{chunks}</code> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <QueryState
          query={list}
          loadingLabel={intl.formatMessage({ id: 'orgs.members.loading', defaultMessage: 'Loading members…' })}
          errorTitle={intl.formatMessage({
            id: 'orgs.members.loadError',
            defaultMessage: 'Could not load the members',
          })}
          isEmpty={(m) => m.length === 0}
          empty={
            <EmptyState
              icon={UsersIcon}
              title={intl.formatMessage({ id: 'orgs.members.empty', defaultMessage: 'No members' })}
            />
          }
        >
          {(members) => (
            <ul
              className="divide-y"
              aria-label={intl.formatMessage({ id: 'orgs.members.list', defaultMessage: 'Members' })}
            >
              {members.map((m) => (
                <li
                  key={m.user_id}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-testid="org-member"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium break-words">
                      {m.full_name ?? m.email}
                      {m.user_id === user?.id && (
                        <span className="text-muted-foreground">
                          {' '}
                          <FormattedMessage id="orgs.members.you" defaultMessage="(you)" />
                        </span>
                      )}
                    </p>
                    <p className="text-sm break-all text-muted-foreground">{m.email}</p>
                    <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                      {m.roles.map((r) => (
                        <Badge key={r} variant={r === 'owner' ? 'default' : 'secondary'}>
                          {roleText(intl, r)}
                        </Badge>
                      ))}
                      <span>
                        <FormattedMessage
                          id="orgs.members.joined"
                          defaultMessage={
                            '· {via, select, created {created the organization} invitation {joined by invitation} ' +
                            'domain {joined through the email domain} admin {added by an ecosystem admin} other {joined}} ' +
                            'on {date}'
                          }
                          values={{ via: joinedViaKey(m.joined_via), date: intl.formatDate(m.joined_at, DATE) }}
                        />
                      </span>
                    </p>
                  </div>
                  <MemberActions
                    member={m}
                    isSelf={m.user_id === user?.id}
                    mayManage={mayManage}
                    onEdit={() => setEditing(m)}
                    onRemove={() => setRemoving(m)}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {query.hasNextPage && (
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? (
              <FormattedMessage id="orgs.members.loadingMore" defaultMessage="Loading…" />
            ) : (
              <FormattedMessage id="orgs.members.loadMore" defaultMessage="Load more members" />
            )}
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
      {removing && (
        <MemberRemoveDialog
          mode={mode}
          orgId={orgId}
          member={removing}
          isSelf={removing.user_id === user?.id}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
