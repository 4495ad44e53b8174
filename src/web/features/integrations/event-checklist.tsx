import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldMessage } from '@/components/ui/field';

/**
 * Past this many types the list is found rather than scanned: a filter box, the chosen types, and
 * the whole catalogue behind "Show all" (scrolling inside the dialog).
 */
const FILTER_FROM = 20;

/**
 * The one checklist of event types (issue 46): a webhook's events from the webhook catalogue, an
 * audit sink's types from the audit catalogue. Only what the catalogue holds can be chosen, in
 * its order whatever the clicking order; "Select all"/"Clear all"; a long catalogue gets a filter.
 */
export function EventChecklist<T extends string>({
  types,
  chosen,
  onChange,
  legend,
  hint,
  describe,
  describedBy,
  controlRef,
  error,
  id,
}: {
  types: readonly T[];
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  legend: ReactNode;
  hint?: ReactNode;
  /** A line under each type, in the reader's language. */
  describe?: (type: T) => string;
  describedBy?: string;
  /** The form's handle on this control (useForm's `control`): focus goes to the first checkbox. */
  controlRef?: (element: HTMLElement | null) => void;
  /** This control's problem in plain words, under it (components/ui/field.tsx's pattern). */
  error?: string | null;
  /** The fieldset's id (the form marks it invalid); its words are `${id}-error`. */
  id?: string;
}) {
  const intl = useIntl();
  const prefix = useId();
  const [filter, setFilter] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const long = types.length > FILTER_FROM;
  const needle = filter.trim().toLowerCase();
  const matches = (t: T) => t.includes(needle) || Boolean(describe?.(t).toLowerCase().includes(needle));
  const shown = !long || browsing ? types.filter(matches) : needle ? types.filter(matches) : [...chosen];
  const allChosen = chosen.length === types.length;
  const hintId = `${prefix}-hint`;
  const errorId = `${id ?? prefix}-error`;

  function toggle(type: T, on: boolean) {
    const next = on ? [...chosen, type] : chosen.filter((e) => e !== type);
    onChange(types.filter((t) => next.includes(t)));
  }

  return (
    <fieldset
      id={id}
      className="min-w-0 space-y-2"
      data-invalid={error ? true : undefined}
      aria-describedby={[hint ? hintId : '', describedBy ?? '', error ? errorId : ''].join(' ').trim() || undefined}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {long && (
          <Input
            type="search"
            className="h-8 max-w-xs"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            aria-label={intl.formatMessage({ id: 'integrations.events.filter', defaultMessage: 'Filter event types' })}
            placeholder={intl.formatMessage({ id: 'integrations.events.filter', defaultMessage: 'Filter event types' })}
          />
        )}
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onChange(allChosen ? [] : [...types])}
        >
          {allChosen ? (
            <FormattedMessage id="integrations.webhook.form.clearAll" defaultMessage="Clear all" />
          ) : (
            <FormattedMessage id="integrations.webhook.form.selectAll" defaultMessage="Select all" />
          )}
        </Button>
        {long && (
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setBrowsing(!browsing)}>
            {browsing ? (
              <FormattedMessage id="integrations.events.showChosen" defaultMessage="Show the chosen only" />
            ) : (
              <FormattedMessage
                id="integrations.events.showAll"
                defaultMessage="Show all {total, number}"
                values={{ total: types.length }}
              />
            )}
          </Button>
        )}
        {long && (
          <span className="text-xs text-muted-foreground" aria-live="polite">
            <FormattedMessage
              id="integrations.events.chosen"
              defaultMessage="{count, plural, one {# chosen} other {# chosen}} of {total, number}"
              values={{ count: chosen.length, total: types.length }}
            />
          </span>
        )}
      </div>
      <ul
        className={`grid gap-2 sm:grid-cols-2 ${long && shown.length > 8 ? 'max-h-64 overflow-y-auto rounded-md border p-2' : ''}`}
        tabIndex={long && shown.length > 8 ? 0 : undefined}
        aria-label={
          long ? intl.formatMessage({ id: 'integrations.events.list', defaultMessage: 'Event types' }) : undefined
        }
      >
        {shown.map((type, i) => (
          <li key={type} className="flex min-w-0 items-start gap-2">
            <Checkbox
              ref={i === 0 ? controlRef : undefined}
              id={`${prefix}-${type}`}
              checked={chosen.includes(type)}
              onCheckedChange={(c) => toggle(type, c === true)}
              aria-describedby={describe ? `${prefix}-${type}-label` : undefined}
            />
            <Label htmlFor={`${prefix}-${type}`} className="grid min-w-0 gap-0.5 font-normal">
              <code className="break-all text-xs" translate="no">
                {type}
              </code>
              {describe && (
                <span id={`${prefix}-${type}-label`} className="text-xs text-muted-foreground">
                  {describe(type)}
                </span>
              )}
            </Label>
          </li>
        ))}
      </ul>
      {long && shown.length === 0 && (
        <p className="text-xs text-muted-foreground">
          {needle ? (
            <FormattedMessage id="integrations.events.noMatch" defaultMessage="No event type matches." />
          ) : (
            <FormattedMessage id="integrations.events.noneChosen" defaultMessage="None chosen: every type is sent." />
          )}
        </p>
      )}
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
