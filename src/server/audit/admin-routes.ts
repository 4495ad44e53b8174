import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { adminErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import { auditPageSchema, chainVerificationSchema } from '../../shared/api/audit';
import { auditExportQuerySchema, auditListQuerySchema } from './filters';
import { exportStream } from './export';
import { listAuditPage, resolveFilters } from './viewer';

/**
 * /api/admin/audit* — the viewer's pages, the streamed export and chain verification.
 * Registered inside the admin guard: only ecosystem admins get here.
 */
export async function auditAdminRoutes(app: FastifyInstance, { hub }: { hub: Hub }) {
  const r = contracts(app);

  r.get(
    '/audit',
    { schema: { querystring: auditListQuerySchema, response: { 200: auditPageSchema, ...adminErrors } } },
    async (request) => {
      const { cursor, limit, ...filterInput } = request.query;
      const filters = await resolveFilters(hub, filterInput);
      return listAuditPage(hub, filters, cursor, limit);
    },
  );

  r.get(
    '/audit/export',
    {
      schema: {
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'The matching rows, streamed: CSV (RFC 4180) or JSON Lines',
            content: { 'text/csv': { schema: z.string() }, 'application/x-ndjson': { schema: z.string() } },
          },
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const { format, ...filterInput } = request.query;
      const filters = await resolveFilters(hub, filterInput);
      const actor = await requireActor(request);
      // Exporting the log is itself a security event: recorded before the first byte leaves.
      await hub.audit.record({ type: 'audit_export', ...actor.audit, details: { format, filters: filterInput } });
      const stamp = hub.clock().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const stream = exportStream(hub, filters, format);
      // A client that goes away mid-export ends the stream; that is not an error of the hub.
      reply.raw.once('close', () => stream.destroy());
      return (
        reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${stamp}.${format}"`)
          .header('cache-control', 'no-store')
          // The stream's chunks are the declared text; the type provider only knows whole bodies.
          .send(stream as unknown as string)
      );
    },
  );

  r.get('/audit/verify', { schema: { response: { 200: chainVerificationSchema, ...adminErrors } } }, async () =>
    hub.audit.verifyChain(),
  );
}
