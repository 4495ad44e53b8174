import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * Asks for the current password before a change that weakens or resets a second factor
 * (turning the authenticator app off, new recovery codes). The server checks it; its refusal
 * shows in the dialog.
 */
export function PasswordConfirmDialog({
  title,
  description,
  action,
  destructive = false,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  action: string;
  destructive?: boolean;
  onConfirm: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useForm({ password: '' });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.values.password) {
      form.setError(
        intl.formatMessage({ id: 'account.passwordConfirm.missing', defaultMessage: 'Enter your current password.' }),
      );
      return;
    }
    setBusy(true);
    form.setError(null);
    try {
      await onConfirm(form.values.password);
      onClose();
    } catch (err) {
      form.setServerError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field
            id="confirm-password"
            label={intl.formatMessage({ id: 'account.passwordConfirm.label', defaultMessage: 'Current password' })}
            {...form.field('password')}
          >
            <Input type="password" autoComplete="current-password" />
          </Field>
          <FormError {...form.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <FormattedMessage id="account.passwordConfirm.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {busy ? <FormattedMessage id="account.passwordConfirm.working" defaultMessage="Working…" /> : action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
