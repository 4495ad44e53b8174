import { AUDIT_SEVERITIES, AUDIT_SOURCES } from '@shared/audit-events';
import type { AuditLogFilters } from '@/data/audit/keys';

/** URL parameter names of the viewer's filters (they live in the URL: shareable, back-button safe). */
export const FILTER_PARAMS = ['type', 'severity', 'user', 'source', 'from', 'to'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/**
 * URL parameter of the "Show browser events" switch: page-load events every browser sends
 * (config_change / app_startup) are stored, but hidden unless it is on.
 */
export const BROWSER_EVENTS_PARAM = 'include_browser';

/** Reads the filters from the URL, ignoring values the API would refuse. */
export function filtersFromParams(params: URLSearchParams): AuditLogFilters {
  const severity = params.get('severity') ?? '';
  const source = params.get('source') ?? '';
  const iso = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined);
  return {
    type: params.get('type')?.trim() || undefined,
    severity: AUDIT_SEVERITIES.find((s) => s === severity),
    user_id: params.get('user')?.trim() || undefined,
    source: AUDIT_SOURCES.find((s) => s === source),
    from: iso(params.get('from')),
    to: iso(params.get('to')),
    include_browser: params.get(BROWSER_EVENTS_PARAM) === 'true' ? 'true' : undefined,
  };
}

/** A copy of `params` with one filter set (or removed when empty); other parameters (the tab) stay. */
export function withFilter(params: URLSearchParams, name: FilterParam, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  return next;
}

/** <input type="datetime-local"> speaks local time without a zone; the URL holds ISO instants. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function severityVariant(severity: string): 'destructive' | 'warning' | 'secondary' | 'outline' {
  if (severity === 'critical' || severity === 'high') return 'destructive';
  if (severity === 'medium') return 'warning';
  if (severity === 'info') return 'outline';
  return 'secondary';
}
