import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuditEventType, AuditSeverity } from '@shared/audit-events';
import { ADMIN_FLUSH_INTERVAL_MS, AUDIT_SESSION_ID_LENGTH } from '@shared/audit-queue';
import { useAuth } from '@/auth/auth-provider';
import { auditKeys } from '@/data/audit/keys';
import { createAuditQueue, type AuditQueue, type AuditTransport, type QueuedAuditEvent } from './audit-queue';
import { hubAuditTransport } from './transport';

/**
 * The admin flow (spec §9 "audit-log"): for the admin screens; flushes every 30 s, on unload
 * (sendBeacon), and at once for high/critical. Its session id is the last 8 characters of the
 * session identifier the browser holds: the public auth_sessions id from GET /api/auth/session,
 * never the cookie, which the page cannot read anyway.
 */
export function auditSessionSuffix(sessionId: string | null | undefined): string | null {
  return sessionId ? sessionId.slice(-AUDIT_SESSION_ID_LENGTH) : null;
}

export function createAdminAuditQueue(
  sessionId: () => string | null,
  transport: AuditTransport = hubAuditTransport,
  onDelivered?: (events: QueuedAuditEvent[]) => void,
): AuditQueue {
  return createAuditQueue({ transport, intervalMs: ADMIN_FLUSH_INTERVAL_MS, sessionId, onDelivered });
}

// One admin queue per tab, alive until the page goes (it must outlive any single screen).
let adminQueue: AuditQueue | null = null;
let currentSessionId: string | null = null;
const deliveredListeners = new Set<() => void>();

function sharedAdminQueue(): AuditQueue {
  if (!adminQueue) {
    adminQueue = createAdminAuditQueue(
      () => auditSessionSuffix(currentSessionId),
      hubAuditTransport,
      () => deliveredListeners.forEach((fn) => fn()),
    );
    adminQueue.start();
  }
  return adminQueue;
}

export type LogAdminEvent = (
  eventType: AuditEventType,
  severity?: AuditSeverity,
  details?: Record<string, unknown>,
) => void;

/**
 * For admin screens: `const { log } = useAdminAudit(); log('credential_access_viewed', 'high', {...})`.
 * Delivered events refresh the Audit Log tab's queries.
 */
export function useAdminAudit(): { log: LogAdminEvent; flush: () => Promise<void> } {
  const { session } = useAuth();
  const client = useQueryClient();
  currentSessionId = session?.id ?? null;
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: auditKeys.all });
    deliveredListeners.add(refresh);
    return () => {
      deliveredListeners.delete(refresh);
    };
  }, [client]);
  const log = useCallback<LogAdminEvent>(
    (eventType, severity, details) => sharedAdminQueue().log(eventType, severity, details),
    [],
  );
  const flush = useCallback(() => sharedAdminQueue().flush(), []);
  return { log, flush };
}
