import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserUpdateMutation, type UserPatch } from '@/data/admin/user-update-mutation';

const isEmailError = (error: unknown) =>
  error instanceof ApiError && (error.code === 'email_in_use' || error.details.field === 'email');

/** Edit dialog (spec §2): email, full name (empty saves null), organization, department, active. */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<UserPatch>({
    email: user.email,
    full_name: user.full_name ?? '',
    organization: user.organization ?? '',
    department: user.department ?? '',
    is_active: user.is_active,
  });
  const update = useUserUpdateMutation({
    onSuccess: () => {
      notify.success('User updated successfully');
      onClose();
    },
  });
  // The server's reason stays next to the form until the input changes.
  const edit = (patch: Partial<UserPatch>) => {
    if (update.isError) update.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const field = (key: 'email' | 'full_name' | 'organization' | 'department') => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => edit({ [key]: e.target.value }),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ id: user.id, patch: form });
          }}
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>Edit User</DialogTitle>
            <DialogDescription>Update the account details of {user.email}.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="edit-email">Email</Label>
            <Input
              id="edit-email"
              type="email"
              required
              aria-invalid={isEmailError(update.error)}
              aria-describedby={update.isError ? 'edit-user-error' : undefined}
              {...field('email')}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="edit-full-name">Full Name</Label>
            <Input id="edit-full-name" {...field('full_name')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="edit-organization">Organization</Label>
              <Input id="edit-organization" {...field('organization')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="edit-department">Department</Label>
              <Input id="edit-department" {...field('department')} />
            </div>
          </div>
          <div className="flex items-center justify-between rounded-lg border p-3">
            <div>
              <Label htmlFor="edit-active">Account Active</Label>
              <p className="text-xs text-muted-foreground">Deactivating signs the user out everywhere.</p>
            </div>
            <Switch id="edit-active" checked={form.is_active} onCheckedChange={(v) => edit({ is_active: v })} />
          </div>
          <div id="edit-user-error">
            <FormError message={update.isError ? errorText(update.error) : null} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
