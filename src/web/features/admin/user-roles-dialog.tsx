import { useMemo, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorState } from '@/components/error-state';
import { FormError } from '@/components/form-error';
import { LoadingState } from '@/components/loading-state';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserRolesQuery, type RoleAssignment } from '@/data/admin/user-roles-query';
import { useUserRolesMutation } from '@/data/admin/user-roles-mutation';
import { PLATFORM_ROLES } from '@shared/roles';
import { roleDescription, roleLabel } from './admin.utils';

function activeRoles(assignments: RoleAssignment[]): Set<string> {
  const now = new Date();
  return new Set(
    assignments.filter((r) => r.is_active && (!r.expires_at || new Date(r.expires_at) > now)).map((r) => r.role),
  );
}

/** Roles dialog (spec §2, §4): three toggles; Save is enabled only with unsaved changes. */
export function UserRolesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const query = useUserRolesQuery({ userId: user.id });
  const save = useUserRolesMutation({
    onSuccess: () => {
      notify.success(
        intl.formatMessage({ id: 'admin.users.roles.saved', defaultMessage: 'User roles updated successfully' }),
      );
      onClose();
    },
  });
  const saved = useMemo(() => activeRoles(query.data ?? []), [query.data]);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const current = chosen ?? saved;
  const dirty = PLATFORM_ROLES.some((r) => current.has(r) !== saved.has(r));

  function toggle(role: string, on: boolean) {
    if (save.isError) save.reset();
    const next = new Set(current);
    if (on) next.add(role);
    else next.delete(role);
    setChosen(next);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="admin.users.roles.title" defaultMessage="Manage Roles" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="admin.users.roles.description"
              defaultMessage="Grant or revoke platform roles for {name}."
              values={{ name: user.full_name || user.email }}
            />
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <LoadingState
            label={intl.formatMessage({ id: 'admin.users.roles.loading', defaultMessage: 'Loading roles…' })}
            rows={3}
          />
        ) : query.isError ? (
          <ErrorState
            title={intl.formatMessage({
              id: 'admin.users.roles.loadError',
              defaultMessage: 'Could not load the roles',
            })}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="space-y-3">
            {PLATFORM_ROLES.map((role) => {
              // The server's answer for this toggle (users list `actions.roles`): refused ones are not offered.
              const refused = user.actions?.roles[role]?.allowed === false ? user.actions.roles[role].reason : null;
              return (
                <div key={role} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                  <div>
                    <Label htmlFor={`role-${role}`}>{roleLabel(intl, role)}</Label>
                    <p className="text-xs text-muted-foreground">{roleDescription(intl, role)}</p>
                    {refused && (
                      <p
                        id={`role-${role}-refused`}
                        className="text-xs text-muted-foreground"
                        data-testid="role-reason"
                      >
                        {refused === 'last_super_admin' ? (
                          <FormattedMessage
                            id="admin.users.roles.lastSuperAdmin"
                            defaultMessage="The last active super admin keeps this role: make someone else a super admin first."
                          />
                        ) : (
                          <FormattedMessage
                            id="admin.users.roles.superAdminOnly"
                            defaultMessage="Only a super admin can grant or revoke this role."
                          />
                        )}
                      </p>
                    )}
                  </div>
                  <Switch
                    id={`role-${role}`}
                    checked={current.has(role)}
                    onCheckedChange={(on) => toggle(role, on)}
                    disabled={refused !== null}
                    aria-describedby={refused ? `role-${role}-refused` : undefined}
                  />
                </div>
              );
            })}
            {dirty && (
              <p role="status" className="flex items-center gap-2 rounded-md bg-warning/15 p-2 text-sm">
                <AlertTriangle className="size-4" aria-hidden />{' '}
                <FormattedMessage
                  id="admin.users.roles.unsaved"
                  defaultMessage="You have unsaved changes to role assignments"
                />
              </p>
            )}
            <FormError message={save.isError ? errorText(save.error) : null} />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="admin.users.roles.cancel" defaultMessage="Cancel" />
          </Button>
          <Button
            onClick={() => save.mutate({ userId: user.id, roles: PLATFORM_ROLES.filter((r) => current.has(r)) })}
            disabled={!dirty || save.isPending || !query.isSuccess}
          >
            {save.isPending ? (
              <FormattedMessage id="admin.users.roles.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="admin.users.roles.save" defaultMessage="Save Roles" />
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
