import { AlertCircleIcon } from 'lucide-react';

/**
 * A form's one error line, next to the form and announced to screen readers: a validation
 * message, or the server's reason for refusing (error-text.ts). useForm (ui/field.tsx) clears it
 * when the input changes, so an old error never describes new input; `id` lets the field it is
 * about point at it (aria-describedby).
 */
export function FormError({
  id,
  message,
  children,
}: {
  id?: string;
  message: string | null;
  children?: React.ReactNode;
}) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="form-error"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <p className="flex items-start gap-2">
        <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{message}</span>
      </p>
      {children}
    </div>
  );
}
