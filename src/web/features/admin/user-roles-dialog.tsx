import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { AlertTriangle } from 'lucide-react';
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
import { ApiError } from '@/lib/api';
import { useSetUserRolesMutation, useUserRolesQuery } from '@/data/admin/users';
import type { AdminUser } from '@/data/admin/types';
import { PLATFORM_ROLES, ROLE_DESCRIPTIONS } from '@shared/roles';
import { ROLE_LABELS } from './admin.utils';

/** Roles dialog (spec §2, §4): three toggles; Save is enabled only with unsaved changes. */
export function UserRolesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const query = useUserRolesQuery(user.id, true);
  const save = useSetUserRolesMutation();
  const saved = useMemo(
    () =>
      new Set(
        (query.data ?? [])
          .filter((r) => r.is_active && (!r.expires_at || new Date(r.expires_at) > new Date()))
          .map((r) => r.role),
      ),
    [query.data],
  );
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (query.isError) toast.error('Failed to load user roles');
  }, [query.isError]);
  const current = chosen ?? saved;
  const dirty = PLATFORM_ROLES.some((r) => current.has(r) !== saved.has(r));

  function toggle(role: string, on: boolean) {
    const next = new Set(current);
    if (on) next.add(role);
    else next.delete(role);
    setChosen(next);
  }

  async function submit() {
    try {
      await save.mutateAsync({ id: user.id, roles: PLATFORM_ROLES.filter((r) => current.has(r)) });
      toast.success('User roles updated successfully');
      onClose();
    } catch (error) {
      toast.error('Failed to update user roles', {
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Roles</DialogTitle>
          <DialogDescription>Grant or revoke platform roles for {user.full_name || user.email}.</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading roles…</p>
        ) : (
          <div className="space-y-3">
            {PLATFORM_ROLES.map((role) => (
              <div key={role} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <div>
                  <Label htmlFor={`role-${role}`}>{ROLE_LABELS[role]}</Label>
                  <p className="text-xs text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</p>
                </div>
                <Switch id={`role-${role}`} checked={current.has(role)} onCheckedChange={(on) => toggle(role, on)} />
              </div>
            ))}
            {dirty && (
              <p role="status" className="flex items-center gap-2 rounded-md bg-warning/15 p-2 text-sm">
                <AlertTriangle className="size-4" aria-hidden /> You have unsaved changes to role assignments
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Roles'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
