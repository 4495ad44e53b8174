import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import { contracts, htmlPage, noContent, notModified, oauthErrors, redirectTo } from '../http/contract';
import { queryFromForm, runAuthorize } from './authorize/authorize';
import { registerOAuthCors } from './cors';
import {
  authorizeFormSchema,
  consentDecisionSchema,
  deviceAuthorizationRequestSchema,
  deviceAuthorizationResponseSchema,
  discoverySchema,
  endSessionSchema,
  introspectionSchema,
  jwksSchema,
  pushedRequestAnswerSchema,
  pushedRequestSchema,
  tokenOperationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userinfoRequestSchema,
  userinfoSchema,
} from './contracts';
import { DISCOVERY_PATH, JWKS_PATH, discoveryAnswer, jwksAnswer } from './endpoints/well-known';
import { handleEndSession } from './endpoints/end-session';
import { handleHandoff } from './endpoints/handoff';
import { formBody, resendAsGet } from './endpoints/form';
import { handleIntrospect } from './endpoints/introspect';
import { PAR_PATH, handlePushedRequest } from './endpoints/par';
import { handleRevoke } from './endpoints/revoke';
import { handleToken } from './endpoints/token';
import { DEVICE_AUTHORIZATION_PATH, handleDeviceAuthorization } from './endpoints/device-authorization';
import { handleUserinfo } from './endpoints/userinfo';
import { sendErrorPage } from './pages';
import { matchesIfNoneMatch, type PrecomputedDocument } from '../http/precomputed';

/** Every OAuth route answers errors in RFC 6749 §5.2 shape (plugins/errors.ts reads this flag). */
const oauth = { oauth: true } as const;
const authorizeAnswers = {
  200: htmlPage('The consent page, or a form_post answer to the client'),
  302: redirectTo('To the client with a code or an error, or to /auth to sign in'),
  400: htmlPage('The hub’s own error page: the client or its redirect URI cannot be trusted'),
  403: htmlPage('Cross-site consent refused'),
};
const handoffAnswers = {
  200: htmlPage('The consent page, or the form POST that hands the session to the app'),
  302: redirectTo('To /auth to sign in'),
  400: htmlPage('The hub’s own error page: unknown app, unregistered redirect URL or scope'),
  403: htmlPage('Consent denied, or cross-site consent refused'),
  404: htmlPage('No such application'),
};
const logoutAnswers = {
  200: htmlPage('Signed out, or a confirmation page'),
  302: redirectTo('To the registered post_logout_redirect_uri'),
  400: htmlPage('The hub’s own error page'),
};
/** A POST that came without the session cookie (from another site) is sent on as the same GET. */
const asGet = { 303: redirectTo('The same request as a GET, so that the browser sends the hub’s session cookie') };

/** /.well-known/openid-configuration and /oauth/* (OAuth provider). HTTP only: the work is in endpoints/, authorize/, grants/. */
export async function oauthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  registerOAuthCors(app, hub);

  // Precomputed bytes with an ETag (endpoints/well-known.ts); a listening hub answers plain GETs
  // of these two before routing, with the same headers.
  const sendPrecomputed = (request: FastifyRequest, reply: FastifyReply, doc: PrecomputedDocument) => {
    reply.headers(doc.headers);
    if (matchesIfNoneMatch(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    return reply.send(doc.body);
  };
  r.get(
    DISCOVERY_PATH,
    { config: oauth, schema: { response: { 200: discoverySchema, 304: notModified } } },
    async (request, reply) => sendPrecomputed(request, reply, discoveryAnswer(hub)),
  );
  // JWKS max-age is short: verifiers re-fetch soon after a rotation (the next key is published ahead anyway).
  r.get(
    JWKS_PATH,
    { config: oauth, schema: { response: { 200: jwksSchema, 304: notModified } } },
    async (request, reply) => sendPrecomputed(request, reply, await jwksAnswer(hub)),
  );

  r.get('/oauth/authorize', { config: oauth, schema: { response: authorizeAnswers } }, async (request, reply) => {
    const raw = request.url.split('?')[1] ?? '';
    return runAuthorize(hub, request, reply, raw);
  });
  // OIDC Core §3.1.2.1: the same request as a form post (a top-level navigation from the client).
  r.post(
    '/oauth/authorize',
    { config: oauth, schema: { body: authorizeFormSchema, response: { ...authorizeAnswers, ...asGet } } },
    async (request, reply) =>
      resendAsGet(request, reply, '/oauth/authorize') ?? runAuthorize(hub, request, reply, queryFromForm(request.body)),
  );

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
      return runAuthorize(hub, request, reply, query, { choice: body.decision ?? '', csrf: body.csrf ?? '' });
    },
  );

  // The cross-platform hand-off as a server page (GET and POST alike), with consent for third parties.
  r.get('/oauth/handoff', { config: oauth, schema: { response: handoffAnswers } }, async (request, reply) =>
    handleHandoff(hub, request, reply, request.url.split('?')[1] ?? ''),
  );
  r.post(
    '/oauth/handoff',
    { config: oauth, schema: { body: authorizeFormSchema, response: handoffAnswers } },
    async (request, reply) => handleHandoff(hub, request, reply, queryFromForm(request.body)),
  );
  r.post(
    '/oauth/handoff/decision',
    { config: oauth, schema: { body: consentDecisionSchema, response: handoffAnswers } },
    async (request, reply) => {
      const body = formBody(request);
      const origin = request.headers.origin;
      if (origin && origin !== new URL(hub.config.publicUrl).origin)
        return sendErrorPage(reply, 403, 'access_denied', 'Cross-site consent refused.');
      return handleHandoff(hub, request, reply, body.request ?? '', {
        choice: body.decision ?? '',
        csrf: body.csrf ?? '',
      });
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
    DEVICE_AUTHORIZATION_PATH,
    {
      config: oauth,
      schema: {
        body: deviceAuthorizationRequestSchema,
        response: { 200: deviceAuthorizationResponseSchema, ...oauthErrors(401) },
      },
    },
    (request, reply) => handleDeviceAuthorization(hub, request, reply),
  );
  r.post(
    PAR_PATH,
    {
      config: oauth,
      schema: { body: pushedRequestSchema, response: { 201: pushedRequestAnswerSchema, ...oauthErrors(401) } },
    },
    (request, reply) => handlePushedRequest(hub, request, reply),
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
    { config: oauth, schema: { body: endSessionSchema, response: { ...logoutAnswers, ...asGet } } },
    async (request, reply) =>
      resendAsGet(request, reply, '/oauth/end-session') ?? handleEndSession(hub, request, reply),
  );
}
