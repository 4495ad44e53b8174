import { defineMessages, type MessageDescriptor } from 'react-intl';
import { AUDIT_SEVERITIES, isKnownAuditEventType, type AuditEventType, type AuditSeverity } from '@shared/audit-events';
import type { AuditSinkKind, CreateAuditSinkBody, UpdateAuditSinkBody } from '@shared/api/siem';
import type { AuditSink } from '@/data/siem/audit-sinks-query';

/** A type, not an interface: useForm needs the index signature an interface cannot give. */
export type AuditSinkFormValues = {
  kind: AuditSinkKind;
  target: string;
  ca_pem: string;
  auth_header: string;
  /** Audit event types of the catalogue (src/shared/audit-events.ts); none: every type. */
  event_types: AuditEventType[];
  min_severity: AuditSeverity;
};

export const EMPTY_AUDIT_SINK_FORM: AuditSinkFormValues = {
  kind: 'https',
  target: '',
  ca_pem: '',
  auth_header: '',
  event_types: [],
  min_severity: 'info',
};

export const SEVERITY_LABELS: Record<AuditSeverity, MessageDescriptor> = defineMessages({
  info: { id: 'integrations.sink.severity.info', defaultMessage: 'Info (everything)' },
  low: { id: 'integrations.sink.severity.low', defaultMessage: 'Low and above' },
  medium: { id: 'integrations.sink.severity.medium', defaultMessage: 'Medium and above' },
  high: { id: 'integrations.sink.severity.high', defaultMessage: 'High and above' },
  critical: { id: 'integrations.sink.severity.critical', defaultMessage: 'Critical only' },
});

const problems = defineMessages({
  syslogTarget: {
    id: 'integrations.sink.problem.syslogTarget',
    defaultMessage: 'Enter the collector as host:port, for example siem.example:6514.',
  },
  httpsTarget: {
    id: 'integrations.sink.problem.httpsTarget',
    defaultMessage: 'Enter the collector’s full URL, starting with https://.',
  },
  caPem: {
    id: 'integrations.sink.problem.caPem',
    defaultMessage: 'Paste PEM certificates (-----BEGIN CERTIFICATE-----).',
  },
  authHeader: {
    id: 'integrations.sink.problem.authHeader',
    defaultMessage: 'Write the header as "Header-Name: value".',
  },
});

/** A problem the form shows: the field, the message and its values. */
export type SinkProblem = [keyof AuditSinkFormValues, MessageDescriptor, Record<string, string>?];

export const isSeverity = (v: string): v is AuditSeverity => (AUDIT_SEVERITIES as readonly string[]).includes(v);

export function formValuesOf(s: AuditSink): AuditSinkFormValues {
  return {
    ...EMPTY_AUDIT_SINK_FORM,
    kind: s.kind,
    target: s.target,
    // A type the catalogue no longer holds cannot be chosen (the server refuses it): it is left out.
    event_types: s.event_types.filter(isKnownAuditEventType),
    min_severity: s.min_severity,
  };
}

/** The browser's own checks, before sending; the server decides where a target may point (SSRF). */
export function firstSinkProblem(v: AuditSinkFormValues): SinkProblem | null {
  const target = v.target.trim();
  if (v.kind === 'syslog-tls' && !/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(target)) {
    return ['target', problems.syslogTarget];
  }
  if (v.kind === 'https' && !/^https?:\/\/\S+$/.test(target)) {
    return ['target', problems.httpsTarget];
  }
  if (v.ca_pem.trim() && !v.ca_pem.includes('-----BEGIN CERTIFICATE-----')) {
    return ['ca_pem', problems.caPem];
  }
  if (v.kind === 'https' && v.auth_header.trim() && !/^[A-Za-z0-9-]{1,64}: ?\S/.test(v.auth_header.trim())) {
    return ['auth_header', problems.authHeader];
  }
  return null;
}

export function createSinkBodyOf(v: AuditSinkFormValues): CreateAuditSinkBody {
  return {
    kind: v.kind,
    target: v.target.trim(),
    event_types: v.event_types,
    min_severity: v.min_severity,
    ...(v.ca_pem.trim() ? { ca_pem: v.ca_pem.trim() } : {}),
    ...(v.kind === 'https' && v.auth_header.trim() ? { auth_header: v.auth_header.trim() } : {}),
  };
}

/** An edit changes the filters only; the target, its trust and its credentials stay as created. */
export function updateSinkBodyOf(v: AuditSinkFormValues): UpdateAuditSinkBody {
  return { event_types: v.event_types, min_severity: v.min_severity };
}

/** The list names a sink by its host: an https path may carry a token some collectors put there. */
export function sinkHostOf(s: Pick<AuditSink, 'kind' | 'target'>): string {
  if (s.kind === 'syslog-tls') return s.target;
  try {
    return new URL(s.target).host;
  } catch {
    return s.target;
  }
}
