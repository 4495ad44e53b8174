import { useId, useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { ApiError } from '@/lib/api';
import { errorText, type Wording } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { Label } from './label';

type Values = Record<string, unknown>;
/** The values a text control edits. */
type TextKey<V extends Values> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

interface Failure<V extends Values> {
  message: string;
  field?: keyof V;
  cause?: unknown;
}

/** What `form.field(name)` hands to a Field: the control's value, its edit, its error wiring. */
export interface ControlProps {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The web's one form pattern. `useForm` keeps the values and the form's one error line (shown
 * by FormError); `Field` lays out a label, its control and a hint. An error clears on any edit,
 * so it never describes input it was not given; when the server names the field it refused
 * (its 400 `field`), that control is marked invalid and described by the error line.
 */
export function useForm<V extends Values>(initial: V, { onEdit }: { onEdit?: () => void } = {}) {
  const errorId = useId();
  const [values, setValues] = useState(initial);
  const [failure, setFailure] = useState<Failure<V> | null>(null);

  function edit(patch: Partial<V>) {
    setFailure(null);
    onEdit?.();
    setValues((v) => ({ ...v, ...patch }));
  }

  function field(name: TextKey<V>): ControlProps {
    const isInvalid = failure?.field === name;
    return {
      value: values[name] as string,
      onChange: (event) => edit({ [name]: event.target.value } as Partial<V>),
      ...(isInvalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
    };
  }

  function setServerError(error: unknown, wording?: Wording) {
    setFailure({ message: errorText(error, wording), field: namedField(error, values), cause: error });
  }

  function reset(next: V = initial) {
    setValues(next);
    setFailure(null);
  }

  return {
    values,
    /** For controls that are not text (a switch, a select): the same clearing as a typed edit. */
    edit,
    field,
    /** The error line's props: `<FormError {...form.error} />`. */
    error: { id: errorId, message: failure?.message ?? null },
    /** The server's refusal behind the line, for what a form shows beside the words (a password's reasons). */
    refusal: failure?.cause,
    /** A rule the browser checks before sending (null clears the line). */
    setError: (message: string | null, field?: keyof V) => setFailure(message === null ? null : { message, field }),
    /** The server refused: its words from error-text.ts, on the field it named. */
    setServerError,
    reset,
    /**
     * Sends what the form holds: the line clears, the server's refusal comes back on it, and the
     * form starts over once the server took it. Resolves to whether it did.
     */
    async send(request: () => Promise<unknown>, wording?: Wording): Promise<boolean> {
      setFailure(null);
      try {
        await request();
      } catch (error) {
        setServerError(error, wording);
        return false;
      }
      reset();
      return true;
    },
  };
}

function namedField<V extends Values>(error: unknown, values: V): keyof V | undefined {
  const field = error instanceof ApiError ? error.details.field : undefined;
  return typeof field === 'string' && field in values ? field : undefined;
}

/**
 * A label, its control (the one child, given the id, value and error wiring) and an optional
 * hint under it; `aside` sits at the label's end (a "Forgot password?" link).
 */
export function Field({
  id,
  label,
  hint,
  aside,
  className,
  children,
  ...control
}: ControlProps & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  aside?: ReactNode;
  className?: string;
  children: ReactElement;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, control['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const labelled = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('space-y-2', className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      <Slot.Root id={id} {...control} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
