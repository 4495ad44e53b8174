import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Hub } from '../hub';
import { requireEcosystemAdmin } from '../plugins/admin-guard';
import { contracts } from './contract';

/**
 * The OpenAPI 3.1 document, generated from the route contracts (http/contract.ts): served at
 * /api/openapi.json and rendered at /api/docs. Sister platforms generate clients from it. In
 * production only ecosystem admins may read it; in development it is open.
 * Must be registered before any route, so it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance, hub: Hub) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ecosystem Hub API',
        version: '1.0.0',
        description:
          'Sign-in, administration and audit API of the Ecosystem Hub, and its OAuth 2.0 / OpenID Connect provider. ' +
          'JSON API errors are `{"error": {"code", "message"}}`; OAuth endpoints answer RFC 6749 §5.2 errors. ' +
          'State-changing /api calls need the `X-Hub-CSRF: 1` header (or the hub’s own Origin).',
      },
      servers: [{ url: hub.config.publicUrl }],
      components: {
        securitySchemes: {
          hubSession: { type: 'apiKey', in: 'cookie', name: 'hub_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const onlyAdminsInProduction = async (request: FastifyRequest) => {
    if (hub.config.isProduction) await requireEcosystemAdmin(request);
  };

  contracts(app).get(
    '/api/openapi.json',
    {
      onRequest: onlyAdminsInProduction,
      schema: {
        summary: 'This document',
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => app.swagger() as unknown as { openapi: string; paths: Record<string, unknown> },
  );

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: onlyAdminsInProduction },
    // The UI's own CSP helper is not needed: its scripts are files served from /api/docs/static.
    staticCSP: false,
  });
}
