import { AlertCircleIcon } from 'lucide-react';

/** The form's one error line, announced to screen readers. */
export function FormError({ message, children }: { message: string | null; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div
      role="alert"
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
