import { describe, expect, it } from 'vitest';
import {
  AUDIT_EVENTS,
  AUDIT_EVENT_TYPE_PATTERN,
  AUDIT_SEVERITIES,
  defaultSeverityOf,
  isKnownAuditEventType,
} from '../../../src/shared/audit-events';
import { toAuditRow, type AuditLog } from '../../../src/server/audit/record';
import { logSecurityEvent } from '../../../src/web/lib/audit/security-events';

/**
 * The catalogue is the type: `audit.record` accepts only its entries, with their details shape,
 * and the browser's `logSecurityEvent` / admin logger only its types — the compiler refuses
 * anything else, so no source scan is needed. These checks fail at type-check time if that stops.
 */
function typeChecks(log: AuditLog) {
  // @ts-expect-error an event type that is not in the catalogue
  void log.record({ type: 'not_in_catalogue' });
  // @ts-expect-error a catalogue event with details of the wrong shape
  void log.record({ type: 'sign_in_success', details: { email: 42 } });
  // @ts-expect-error a call site may not choose the severity
  void log.record({ type: 'sign_out', severity: 'critical' });
  // @ts-expect-error the browser may not log a type the catalogue lacks
  logSecurityEvent('made_up_event', 'low');
}

describe('audit event catalogue (src/shared/audit-events.ts)', () => {
  it('is enforced by the types (see typeChecks) and records the catalogue severity', async () => {
    expect(typeof typeChecks).toBe('function');
    expect(
      toAuditRow({ type: 'sign_in_blocked', details: { email: 'a@b.c', failures: 5, blocked_until: 'x' } }),
    ).toMatchObject({
      eventType: 'sign_in_blocked',
      severity: 'high',
      source: 'server',
    });
  });

  it('lists the event types of spec §3 with a known default severity', () => {
    for (const type of [
      'unauthorized_access',
      'permission_denied',
      'role_escalation_attempt',
      'credential_access_requested',
      'credential_access_granted',
      'credential_access_denied',
      'credential_access_viewed',
      'admin_panel_access',
      'emergency_access',
      'config_change',
    ]) {
      expect(isKnownAuditEventType(type), type).toBe(true);
    }
    for (const [type, entry] of Object.entries(AUDIT_EVENTS)) {
      expect(type).toMatch(AUDIT_EVENT_TYPE_PATTERN);
      expect(AUDIT_SEVERITIES).toContain(entry.severity);
    }
    expect(defaultSeverityOf('config_change')).toBe('info');
    expect(defaultSeverityOf('something_new')).toBe('low');
  });
});
