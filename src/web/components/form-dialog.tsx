import { FormattedMessage } from 'react-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
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
import { useForm, type FieldErrors, type FormOptions } from '@/components/ui/field';

type Values = Record<string, unknown>;

/**
 * The state of a dialog that adds a thing or edits one. `check` is the browser's own rules: every
 * field's problem at once (or the field and words of one); `send` runs the request and resolves to what follows
 * an add (a secret shown once), or to null after an edit, which closes the dialog. Closing resets
 * the form and the requests and forgets that answer: nothing can show it again.
 */
export function useCreateEditForm<V extends Values, T>({
  initial,
  onOpenChange,
  check,
  send,
  requests,
  options,
}: {
  initial: V;
  onOpenChange: (open: boolean) => void;
  check: (values: V) => FieldErrors<V> | [keyof V & string, string] | null;
  send: (values: V) => Promise<T | null>;
  /** The mutations `send` uses: pending while one is, reset on close. */
  requests: { isPending: boolean; reset: () => void }[];
  /** How the server's field paths map onto the form (lib/form-errors.ts). */
  options?: FormOptions<V>;
}) {
  const form = useForm<V>(initial, options);
  const [created, setCreated] = useState<T | null>(null);

  function close(next: boolean) {
    if (!next) {
      form.reset(initial);
      setCreated(null);
      for (const request of requests) request.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const problem = check(form.values);
    const problems = Array.isArray(problem) ? ({ [problem[0]]: problem[1] } as FieldErrors<V>) : (problem ?? {});
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems);
      return;
    }
    send(form.values).then((result) => (result === null ? close(false) : setCreated(result)), form.setServerError);
  }

  return { form, created, close, submit, isPending: requests.some((r) => r.isPending) };
}

/**
 * A dialog holding one form: its title and description, the fields, the form's error line, then
 * Cancel and the submit button ("Saving…" while pending). `after`, once given, takes the form's
 * place (the step that follows an add).
 */
export function FormDialog({
  open,
  onOpenChange,
  label,
  title,
  description,
  error,
  isPending,
  submitLabel,
  onSubmit,
  after,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form's accessible name. */
  label: string;
  title: string;
  description: ReactNode;
  error: { id: string; message: string | null };
  isPending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {after || (
          <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={label}>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            {children}
            <FormError {...error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" disabled={isPending}>
                {isPending ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
