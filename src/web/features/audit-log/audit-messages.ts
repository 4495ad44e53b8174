import { defineMessages, type IntlShape } from 'react-intl';

/** The severity words of the audit log (AUDIT_SEVERITIES), as a person reads them. */
const severities = defineMessages({
  info: { id: 'audit.severity.info', defaultMessage: 'info' },
  low: { id: 'audit.severity.low', defaultMessage: 'low' },
  medium: { id: 'audit.severity.medium', defaultMessage: 'medium' },
  high: { id: 'audit.severity.high', defaultMessage: 'high' },
  critical: { id: 'audit.severity.critical', defaultMessage: 'critical' },
});

export function severityLabel(intl: IntlShape, severity: string): string {
  const message = severities[severity as keyof typeof severities];
  return message ? intl.formatMessage(message) : severity;
}

/** When an event happened, in the reader's locale: "Nov 21, 2026, 1:45:00 PM". */
export function formatOccurredAt(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });
}
