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
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/notify';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserUpdateMutation } from '@/data/admin/user-update-mutation';

/** Edit dialog (spec §2): email, full name (empty saves null), organization, department, active. */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useForm({
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

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            form.setError(null);
            update.mutateAsync({ id: user.id, patch: form.values }).catch(form.setServerError);
          }}
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>Edit User</DialogTitle>
            <DialogDescription>Update the account details of {user.email}.</DialogDescription>
          </DialogHeader>
          <Field id="edit-email" label="Email" {...form.field('email')}>
            <Input type="email" required />
          </Field>
          <Field id="edit-full-name" label="Full Name" {...form.field('full_name')}>
            <Input />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="edit-organization" label="Organization" {...form.field('organization')}>
              <Input />
            </Field>
            <Field id="edit-department" label="Department" {...form.field('department')}>
              <Input />
            </Field>
          </div>
          <div className="flex items-center justify-between rounded-lg border p-3">
            <div>
              <Label htmlFor="edit-active">Account Active</Label>
              <p className="text-xs text-muted-foreground">Deactivating signs the user out everywhere.</p>
            </div>
            <Switch
              id="edit-active"
              checked={form.values.is_active}
              onCheckedChange={(v) => form.edit({ is_active: v })}
            />
          </div>
          <FormError {...form.error} />
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
