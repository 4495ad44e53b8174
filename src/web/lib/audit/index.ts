export {
  createAuditQueue,
  splitIntoBatches,
  type AuditQueue,
  type AuditTransport,
  type AuditBatch,
  type QueuedAuditEvent,
} from './audit-queue';
export { startSecurityEvents, logSecurityEvent, createSecurityEventQueue, tabSessionId } from './security-events';
export { useAdminAudit, createAdminAuditQueue, auditSessionSuffix } from './admin-audit';
