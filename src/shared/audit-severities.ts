/**
 * What every audit row has besides its type: the severities (spec §4), the sources, and what an
 * event type may look like. The catalogue (audit-events.ts) re-exports them; code that needs only
 * these (the browser's audit queue, on every page) imports them from here.
 */
export const AUDIT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** Spec §4: low is the default severity. */
export const DEFAULT_AUDIT_SEVERITY: AuditSeverity = 'low';

/** High and critical events flush the browser queues at once (spec §4, §9). */
export const URGENT_SEVERITIES: readonly AuditSeverity[] = ['high', 'critical'];

export const AUDIT_SOURCES = ['server', 'client'] as const;

/** snake_case, 2–64 characters: what an event_type may look like, from any source. */
export const AUDIT_EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
