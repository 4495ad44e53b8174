import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { parseInput } from '../http/validate';
import { clientIp, userAgent } from '../http/request-info';
import { requireUser } from '../plugins/session';
import { auditExportQuerySchema, auditListQuerySchema } from './filters';
import { exportStream } from './export';
import { listAuditPage, resolveFilters } from './viewer';

/**
 * /api/admin/audit* — the viewer's pages, the streamed export and chain verification.
 * Registered inside the admin guard: only ecosystem admins get here.
 */
export async function auditAdminRoutes(app: FastifyInstance, { hub }: { hub: Hub }) {
  app.get('/audit', async (request) => {
    const { cursor, limit, ...filterInput } = parseInput(auditListQuerySchema, request.query, 'query');
    const filters = await resolveFilters(hub, filterInput);
    return listAuditPage(hub, filters, cursor, limit);
  });

  app.get('/audit/export', async (request, reply) => {
    const { format, ...filterInput } = parseInput(auditExportQuerySchema, request.query, 'query');
    const filters = await resolveFilters(hub, filterInput);
    const auth = await requireUser(request);
    // Exporting the log is itself a security event: recorded before the first byte leaves.
    await hub.audit.record({
      eventType: 'audit_export',
      severity: 'medium',
      userId: auth.user.id,
      sessionId: auth.session.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: { format, filters: filterInput },
    });
    const stamp = hub.clock().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${stamp}.${format}"`)
      .header('cache-control', 'no-store')
      .send(exportStream(hub, filters, format));
  });

  app.get('/audit/verify', async () => hub.audit.verifyChain());
}
