import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { AlertCircleIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { Wording } from '@/lib/error-text';
import { formProblems, type FieldWords } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { Label } from './label';

type Values = Record<string, unknown>;
/** The values a text control edits. */
type TextKey<V extends Values> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];
type Key<V extends Values> = keyof V & string;
/** Plain words per field: what useForm shows under each control. */
export type FieldErrors<V extends Values> = Partial<Record<Key<V>, string>>;

interface Failure<V extends Values> {
  /** The form's one error line: what belongs to no field (or null). */
  message: string | null;
  fields: FieldErrors<V>;
  cause?: unknown;
}

const NO_FAILURE = { message: null, fields: {} };

/** What `form.field(name)` hands to a Field: the control's value, its edit, its element and its words. */
export interface ControlProps {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref?: (element: HTMLElement | null) => void;
  /** This control's problem in plain words, shown under it (the control is marked invalid). */
  error?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FormOptions<V extends Values> {
  onEdit?: () => void;
  /** API field names that are not the form's own (`app_url` → `url`); see lib/form-errors.ts. */
  paths?: Partial<Record<string, Key<V>>>;
  /** The form's own words for a field's format (a slug's pattern, a domain). */
  words?: FieldWords<Key<V>>;
}

/**
 * The web's one form pattern (issue 46). `useForm` keeps the values and every problem: each
 * field's words under it (Field), and what belongs to no field on the form's one error line
 * (FormError). All problems show at once; when they appear, focus moves to the first invalid
 * control in the page's order. A field's words clear when that field is edited, so they never
 * describe input they were not given; the form's line clears on any edit. The server's refusal
 * is mapped onto the fields by lib/form-errors.ts: a person never reads an API field path.
 */
export function useForm<V extends Values>(initial: V, { onEdit, paths, words }: FormOptions<V> = {}) {
  const errorId = useId();
  const [values, setValues] = useState(initial);
  const [failure, setFailure] = useState<Failure<V>>(NO_FAILURE);
  const controls = useRef(new Map<string, HTMLElement>());
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = Object.keys(failure.fields)
      .map((name) => controls.current.get(name))
      .filter((el): el is HTMLElement => !!el?.isConnected)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
    // Only a new set of problems moves focus, never a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  function fail(next: Failure<V>) {
    setFailure(next);
    if (Object.keys(next.fields).length > 0) setFocusRequest((n) => n + 1);
  }

  function edit(patch: Partial<V>) {
    setFailure((f) => {
      const fields = { ...f.fields };
      for (const name of Object.keys(patch)) delete fields[name as Key<V>];
      return { message: null, fields };
    });
    onEdit?.();
    setValues((v) => ({ ...v, ...patch }));
  }

  /** The element, words and invalid mark of any control (a select, a checklist): spread on a Field or pass on. */
  function control(name: Key<V>): Pick<ControlProps, 'ref' | 'error'> {
    return {
      ref: (el: HTMLElement | null) => {
        if (el) controls.current.set(name, el);
        else controls.current.delete(name);
      },
      error: failure.fields[name],
    };
  }

  function field(name: TextKey<V>): ControlProps {
    return {
      value: values[name] as string,
      onChange: (event) => edit({ [name]: event.target.value } as Partial<V>),
      ...control(name),
    };
  }

  function setServerError(error: unknown, wording?: Wording) {
    const names = Object.keys(values) as Key<V>[];
    const problems = formProblems(error, names, { paths, words, wording });
    fail({ message: problems.other, fields: problems.fields, cause: error });
  }

  function reset(next: V = initial) {
    setValues(next);
    setFailure(NO_FAILURE);
  }

  return {
    values,
    /** For controls that are not text (a switch, a select): the same clearing as a typed edit. */
    edit,
    field,
    control,
    /** The error line's props: `<FormError {...form.error} />`. */
    error: { id: errorId, message: failure.message },
    /** The server's refusal behind the words, for what a form shows beside them (a password's reasons). */
    refusal: failure.cause,
    /** A rule the browser checks before sending: words on a field, or on the line (null clears everything). */
    setError: (message: string | null, field?: Key<V>) =>
      message === null
        ? setFailure(NO_FAILURE)
        : field
          ? fail({ message: null, fields: { [field]: message } as FieldErrors<V> })
          : fail({ message, fields: {} }),
    /** The browser's rules found these: every field's words at once (an empty object clears them). */
    setErrors: (fields: FieldErrors<V>, message: string | null = null) => fail({ message, fields }),
    /** The server refused: each refused field's words under it, the rest on the line. */
    setServerError,
    reset,
    /**
     * Sends what the form holds: the words clear, the server's refusal comes back on its fields,
     * and the form starts over once the server took it. Resolves to whether it did.
     */
    async send(request: () => Promise<unknown>, wording?: Wording): Promise<boolean> {
      setFailure(NO_FAILURE);
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

/** A field's problem, under its control: the id the control is described by. */
export function FieldMessage({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} data-slot="field-error" className="flex items-start gap-1.5 text-sm text-destructive">
      <AlertCircleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
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
  error,
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
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, control['aria-describedby']].filter(Boolean).join(' ') || undefined;
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
      <Slot.Root
        id={id}
        {...control}
        aria-invalid={error ? true : control['aria-invalid']}
        aria-describedby={describedBy}
      >
        {children}
      </Slot.Root>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {errorId && <FieldMessage id={errorId} message={error} />}
    </div>
  );
}
