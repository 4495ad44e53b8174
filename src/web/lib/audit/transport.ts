import { apiFetch } from '@/lib/api';
import { AUDIT_INGEST_PATH } from '@shared/audit-queue';
import type { AuditBatch, AuditTransport } from './audit-queue';

/**
 * The hub's ingestion route as an AuditTransport. Normal flushes use the API client (CSRF
 * header, session cookie). Beacons cannot set headers: the server accepts them by their Origin
 * (the hub's own) and reads text/plain JSON, which is also a CORS-safelisted type, so the
 * browser sends it without a preflight.
 */
export const hubAuditTransport: AuditTransport = {
  async send(batch: AuditBatch) {
    await apiFetch(AUDIT_INGEST_PATH, { method: 'POST', json: batch });
  },
  beacon(batch: AuditBatch) {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    const body = new Blob([JSON.stringify(batch)], { type: 'text/plain;charset=UTF-8' });
    return navigator.sendBeacon(AUDIT_INGEST_PATH, body);
  },
};
