import { AlertCircleIcon } from 'lucide-react';

/**
 * A form's one error line, next to the form and announced to screen readers: a validation
 * message, or the server's reason for refusing (error-text.ts). Forms clear it when the input
 * changes, so an old error never describes new input.
 */
export function FormError({ message, children }: { message: string | null; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div
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
