import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AUDIT_EVENT_TYPES, AUDIT_SEVERITIES } from '@shared/audit-events';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  BROWSER_EVENTS_PARAM,
  isoToLocalInput,
  localInputToIso,
  withFilter,
  withoutFilters,
  type FilterParam,
} from './audit-log.utils';
import { severityLabel } from './audit-messages';

const ALL = 'all';

/** Filters write straight to the URL; the list reads them from there. */
export function AuditFilterBar() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const set = (name: FilterParam, value: string | null) =>
    setParams(withFilter(params, name, value), { replace: true });
  const hasFilters = ['type', 'severity', 'user', 'source', 'from', 'to'].some((k) => params.get(k));
  const showBrowser = params.get(BROWSER_EVENTS_PARAM) === 'true';
  const setShowBrowser = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set(BROWSER_EVENTS_PARAM, 'true');
    else next.delete(BROWSER_EVENTS_PARAM);
    setParams(next, { replace: true });
  };

  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      role="search"
      aria-label={intl.formatMessage({ id: 'audit.filters.label', defaultMessage: 'Audit log filters' })}
    >
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-3">
        <Switch id="audit-browser-events" checked={showBrowser} onCheckedChange={setShowBrowser} />
        <div className="grid gap-0.5">
          <Label htmlFor="audit-browser-events">
            <FormattedMessage id="audit.filters.browserEvents" defaultMessage="Show browser events" />
          </Label>
          <p className="text-xs text-muted-foreground">
            <FormattedMessage
              id="audit.filters.browserEventsHint"
              defaultMessage="Page loads every browser reports (app_startup, config_change) are hidden unless this is on."
            />
          </p>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-type">
          <FormattedMessage id="audit.filters.eventType" defaultMessage="Event type" />
        </Label>
        <Input
          id="audit-type"
          list="audit-event-types"
          placeholder={intl.formatMessage({ id: 'audit.filters.eventTypePlaceholder', defaultMessage: 'any' })}
          defaultValue={params.get('type') ?? ''}
          key={params.get('type') ?? ''}
          onBlur={(e) => set('type', e.currentTarget.value.trim() || null)}
          onKeyDown={(e) => e.key === 'Enter' && set('type', e.currentTarget.value.trim() || null)}
        />
        <datalist id="audit-event-types">
          {AUDIT_EVENT_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-severity">
          <FormattedMessage id="audit.filters.severity" defaultMessage="Severity" />
        </Label>
        <Select value={params.get('severity') || ALL} onValueChange={(v) => set('severity', v === ALL ? null : v)}>
          <SelectTrigger
            id="audit-severity"
            aria-label={intl.formatMessage({ id: 'audit.filters.severityLabel', defaultMessage: 'Severity' })}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>
              <FormattedMessage id="audit.filters.anySeverity" defaultMessage="Any severity" />
            </SelectItem>
            {AUDIT_SEVERITIES.map((s) => (
              <SelectItem key={s} value={s}>
                {severityLabel(intl, s)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-user">
          <FormattedMessage id="audit.filters.user" defaultMessage="User (email or id)" />
        </Label>
        <Input
          id="audit-user"
          placeholder={intl.formatMessage({ id: 'audit.filters.userPlaceholder', defaultMessage: 'anyone' })}
          defaultValue={params.get('user') ?? ''}
          key={params.get('user') ?? ''}
          onBlur={(e) => set('user', e.currentTarget.value.trim() || null)}
          onKeyDown={(e) => e.key === 'Enter' && set('user', e.currentTarget.value.trim() || null)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-source">
          <FormattedMessage id="audit.filters.source" defaultMessage="Source" />
        </Label>
        <Select value={params.get('source') || ALL} onValueChange={(v) => set('source', v === ALL ? null : v)}>
          <SelectTrigger
            id="audit-source"
            aria-label={intl.formatMessage({ id: 'audit.filters.sourceLabel', defaultMessage: 'Source' })}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>
              <FormattedMessage id="audit.filters.anySource" defaultMessage="Any source" />
            </SelectItem>
            <SelectItem value="server">
              <FormattedMessage id="audit.filters.server" defaultMessage="Server" />
            </SelectItem>
            <SelectItem value="client">
              <FormattedMessage id="audit.filters.client" defaultMessage="Browser (client)" />
            </SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">
          <FormattedMessage id="audit.filters.from" defaultMessage="From" />
        </Label>
        <Input
          id="audit-from"
          type="datetime-local"
          value={isoToLocalInput(params.get('from'))}
          onChange={(e) => set('from', localInputToIso(e.currentTarget.value))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">
          <FormattedMessage id="audit.filters.to" defaultMessage="To" />
        </Label>
        <div className="flex min-w-0 gap-2">
          <Input
            className="min-w-0"
            id="audit-to"
            type="datetime-local"
            value={isoToLocalInput(params.get('to'))}
            onChange={(e) => set('to', localInputToIso(e.currentTarget.value))}
          />
          {hasFilters && (
            <Button variant="ghost" size="sm" onClick={() => setParams(withoutFilters(params), { replace: true })}>
              <FormattedMessage id="audit.filters.clear" defaultMessage="Clear" />
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
