import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { contracts, htmlPage, noContent, oauthErrors, redirectTo } from '../http/contract';
import { runAuthorize } from './authorize/authorize';
import { registerOAuthCors } from './cors';
import {
  consentDecisionSchema,
  discoverySchema,
  endSessionSchema,
  introspectionSchema,
  jwksSchema,
  tokenOperationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userinfoRequestSchema,
  userinfoSchema,
} from './contracts';
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

/** Every OAuth route answers errors in RFC 6749 §5.2 shape (plugins/errors.ts reads this flag). */
const oauth = { oauth: true } as const;
const authorizeAnswers = {
  200: htmlPage('The consent page, or a form_post answer to the client'),
  302: redirectTo('To the client with a code or an error, or to /auth to sign in'),
  400: htmlPage('The hub’s own error page: the client or its redirect URI cannot be trusted'),
  403: htmlPage('Cross-site consent refused'),
};
const logoutAnswers = {
  200: htmlPage('Signed out, or a confirmation page'),
  302: redirectTo('To the registered post_logout_redirect_uri'),
  400: htmlPage('The hub’s own error page'),
  403: htmlPage('Cross-site sign-out refused'),
};

/** /.well-known/openid-configuration and /oauth/* (OAuth provider). HTTP only: the work is in endpoints/, authorize/, grants/. */
export async function oauthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  registerOAuthCors(app, hub);

  r.get(
    '/.well-known/openid-configuration',
    { config: oauth, schema: { response: { 200: discoverySchema } } },
    async (_request, reply) =>
      reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
        .send(discoveryDocument(hub)),
  );

  r.get('/oauth/jwks', { config: oauth, schema: { response: { 200: jwksSchema } } }, async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      // Short: verifiers re-fetch soon after a rotation (the next key is published ahead anyway).
      .header('cache-control', `public, max-age=${JWKS_MAX_AGE_S}`)
      .type('application/jwk-set+json')
      .send((await oauthRuntime(hub).keys.jwks()) as { keys: { kty: string }[] }),
  );

  r.get('/oauth/authorize', { config: oauth, schema: { response: authorizeAnswers } }, async (request, reply) => {
    const raw = request.url.split('?')[1] ?? '';
    return runAuthorize(hub, request, reply, raw);
  });

  r.post(
    '/oauth/authorize/decision',
    { config: oauth, schema: { body: consentDecisionSchema, response: authorizeAnswers } },
    async (request, reply) => {
      const body = formBody(request);
      // A cross-site form post would carry another Origin; browsers always send it on POST.
      const origin = request.headers.origin;
      const own = new URL(hub.config.publicUrl).origin;
      const query = body.request ?? '';
      if (origin && origin !== own) {
        return sendErrorPage(reply, 403, 'access_denied', 'Cross-site consent refused.');
      }
      return runAuthorize(hub, request, reply, query, { allow: body.decision === 'allow', csrf: body.csrf ?? '' });
    },
  );

  r.post(
    '/oauth/token',
    {
      config: oauth,
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema, ...oauthErrors(401) } },
    },
    (request, reply) => handleToken(hub, request, reply),
  );
  r.post(
    '/oauth/introspect',
    {
      config: oauth,
      schema: { body: tokenOperationSchema, response: { 200: introspectionSchema, ...oauthErrors(401) } },
    },
    (request, reply) => handleIntrospect(hub, request, reply),
  );
  r.post(
    '/oauth/revoke',
    { config: oauth, schema: { body: tokenOperationSchema, response: { 200: noContent, ...oauthErrors(401) } } },
    (request, reply) => handleRevoke(hub, request, reply),
  );
  r.get(
    '/oauth/userinfo',
    { config: oauth, schema: { response: { 200: userinfoSchema, ...oauthErrors(401, 403) } } },
    (request, reply) => handleUserinfo(hub, request, reply),
  );
  r.post(
    '/oauth/userinfo',
    {
      config: oauth,
      schema: { body: userinfoRequestSchema, response: { 200: userinfoSchema, ...oauthErrors(401, 403) } },
    },
    (request, reply) => handleUserinfo(hub, request, reply),
  );
  r.get(
    '/oauth/end-session',
    { config: oauth, schema: { querystring: endSessionSchema, response: logoutAnswers } },
    (request, reply) => handleEndSession(hub, request, reply),
  );
  r.post(
    '/oauth/end-session',
    { config: oauth, schema: { body: endSessionSchema, response: logoutAnswers } },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && origin !== new URL(hub.config.publicUrl).origin)
        return sendErrorPage(reply, 403, 'access_denied', 'Cross-site sign-out refused.');
      return handleEndSession(hub, request, reply);
    },
  );
}
