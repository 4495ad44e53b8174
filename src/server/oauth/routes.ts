import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { runAuthorize } from './authorize/authorize';
import { registerOAuthCors } from './cors';
import { discoveryDocument } from './endpoints/discovery';
import { handleEndSession } from './endpoints/end-session';
import { formBody } from './endpoints/form';
import { handleIntrospect } from './endpoints/introspect';
import { handleRevoke } from './endpoints/revoke';
import { handleToken } from './endpoints/token';
import { handleUserinfo } from './endpoints/userinfo';
import { sendErrorPage } from './pages';
import { JWKS_MAX_AGE_S } from './keys/key-store';
import { oauthRuntime } from './runtime';

/** /.well-known/openid-configuration and /oauth/* (OAuth provider). HTTP only: the work is in endpoints/, authorize/, grants/. */
export async function oauthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  registerOAuthCors(app, hub);

  app.get('/.well-known/openid-configuration', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=300')
      .send(discoveryDocument(hub)),
  );

  app.get('/oauth/jwks', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      // Short: verifiers re-fetch soon after a rotation (the next key is published ahead anyway).
      .header('cache-control', `public, max-age=${JWKS_MAX_AGE_S}`)
      .type('application/jwk-set+json')
      .send(await oauthRuntime(hub).keys.jwks()),
  );

  app.get('/oauth/authorize', async (request, reply) => {
    const raw = request.url.split('?')[1] ?? '';
    return runAuthorize(hub, request, reply, raw);
  });

  app.post('/oauth/authorize/decision', async (request, reply) => {
    const body = formBody(request);
    // A cross-site form post would carry another Origin; browsers always send it on POST.
    const origin = request.headers.origin;
    const own = new URL(hub.config.publicUrl).origin;
    const query = body.request ?? '';
    if (origin && origin !== own) {
      return sendErrorPage(reply, 403, 'access_denied', 'Cross-site consent refused.');
    }
    return runAuthorize(hub, request, reply, query, { allow: body.decision === 'allow', csrf: body.csrf ?? '' });
  });

  app.post('/oauth/token', (request, reply) => handleToken(hub, request, reply));
  app.post('/oauth/introspect', (request, reply) => handleIntrospect(hub, request, reply));
  app.post('/oauth/revoke', (request, reply) => handleRevoke(hub, request, reply));
  app.get('/oauth/userinfo', (request, reply) => handleUserinfo(hub, request, reply));
  app.post('/oauth/userinfo', (request, reply) => handleUserinfo(hub, request, reply));
  app.get('/oauth/end-session', (request, reply) => handleEndSession(hub, request, reply));
  app.post('/oauth/end-session', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && origin !== new URL(hub.config.publicUrl).origin)
      return sendErrorPage(reply, 403, 'access_denied', 'Cross-site sign-out refused.');
    return handleEndSession(hub, request, reply);
  });
}
