import type { AuditEventType, AuditSeverity } from '@shared/audit-events';
import { AUDIT_TAB_SESSION_KEY, SECURITY_FLUSH_INTERVAL_MS, SECURITY_FLUSH_THRESHOLD } from '@shared/audit-queue';
import { createAuditQueue, type AuditQueue, type AuditTransport } from './audit-queue';
import { hubAuditTransport } from './transport';

/**
 * The security-event flow (spec §9): started with the app, for signed-in and signed-out pages
 * alike. Its session id is generated once per browser tab (sessionStorage survives reloads,
 * not new tabs).
 */
export function tabSessionId(storage: Storage | undefined = globalThis.sessionStorage): string {
  const existing = storage?.getItem(AUDIT_TAB_SESSION_KEY);
  if (existing) return existing;
  const id = globalThis.crypto.randomUUID();
  storage?.setItem(AUDIT_TAB_SESSION_KEY, id);
  return id;
}

let securityQueue: AuditQueue | null = null;

export function createSecurityEventQueue(transport: AuditTransport = hubAuditTransport, storage?: Storage): AuditQueue {
  const sessionId = tabSessionId(storage);
  return createAuditQueue({
    transport,
    intervalMs: SECURITY_FLUSH_INTERVAL_MS,
    flushAtCount: SECURITY_FLUSH_THRESHOLD,
    sessionId: () => sessionId,
  });
}

/** Called once at app start (main.tsx): starts the flow and logs the startup event. */
export function startSecurityEvents(transport?: AuditTransport): AuditQueue {
  if (securityQueue) return securityQueue;
  securityQueue = createSecurityEventQueue(transport);
  securityQueue.start();
  securityQueue.log('config_change', 'info', { action: 'app_startup' });
  return securityQueue;
}

/** log_security_event: anything security-relevant a page notices. A no-op before start. */
export function logSecurityEvent(
  eventType: AuditEventType,
  severity: AuditSeverity = 'low',
  details: Record<string, unknown> = {},
) {
  securityQueue?.log(eventType, severity, details);
}
