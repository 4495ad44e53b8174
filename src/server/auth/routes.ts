import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientBrand } from '../oauth/clients/service';
import { clientBrandQuerySchema, clientBrandSchema } from '../../shared/api/oauth-clients';
import type { Hub } from '../hub';
import { apiErrors, contracts, emptyBody, redirectTo } from '../http/contract';
import { requireFields } from '../http/required-fields';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import {
  changePasswordBodySchema,
  sessionViewSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResultSchema,
  signedOutSchema,
  verifyEmailQuerySchema,
  acceptedSchema,
  forgotPasswordBodySchema,
  passwordResetSchema,
  resetPasswordBodySchema,
} from '../../shared/api/auth';
import { requestPasswordReset, resendVerification, resetPassword } from '../account/password-reset';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  authenticationOptionsSchema,
  authenticationResponseSchema,
  reauthenticateBodySchema,
  reauthenticatedSchema,
  signInMfaBodySchema,
  signInResultSchema,
  type MfaMethod,
} from '../../shared/api/mfa';
import { completeMfaSignIn } from '../account/mfa-sign-in';
import { passkeyAuthenticationOptions, passkeySignIn } from '../account/passkeys';
import { reauthenticate } from '../account/step-up';
import type { Actor } from '../actor';
import { SESSION_COOKIE, revokeSession } from './sessions';
import { endSignedInSessions } from '../oauth/backchannel';
import { sessionView } from './session-view';
import { MFA_PENDING_MS, signIn } from './sign-in';
import { signUp } from './sign-up';
import { createMailer } from './mailer';
import { verifyEmailToken } from './email-verification';
import { changePassword } from './change-password';
import {
  EMAIL_SIGN_IN,
  emailSignInAcceptedSchema,
  emailSignInLinkSchema,
  emailSignInModesSchema,
  emailSignInRequestSchema,
  emailSignInVerifySchema,
} from '../../shared/api/email-sign-in';
import { LINK_BROWSER_COOKIE, openEmailLink, requestEmailSignIn, verifyEmailCode } from './email-sign-in';
import { emailSignInModes } from './sign-in-settings';
import { randomToken } from '../crypto/tokens';

export const MFA_PENDING_COOKIE = 'hub_mfa_pending';
/** The pending cookie goes only to the sign-in routes. */
const MFA_PENDING_PATH = '/api/auth';

function pendingCookieOptions(hub: Hub) {
  return {
    path: MFA_PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: hub.config.publicUrl.startsWith('https://'),
    maxAge: MFA_PENDING_MS / 1000,
  };
}

/** Where a request comes from, as the account services record it. */
function clientOf(actor: Actor) {
  return { ipAddress: actor.ipAddress, userAgent: actor.userAgent, requestId: actor.requestId };
}

/** POST /api/auth/sign-up, sign-in, sign-out, change-password, GET /api/auth/session, email verification (accounts). */
export async function authRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(hub));

  /** A sign-in's answer: the session (cookie set), or an MFA challenge with its 5-minute pending cookie. */
  const signedInOrMfa = (
    reply: FastifyReply,
    result: Awaited<ReturnType<typeof signIn>>,
  ): { mfa_required: true; methods: MfaMethod[] } | ReturnType<typeof sessionView> => {
    reply.header('cache-control', 'no-store');
    if ('mfa' in result) {
      // Not a session: a 5-minute cookie only /api/auth/sign-in/mfa and /api/auth/passkey/options read.
      reply.setCookie(MFA_PENDING_COOKIE, result.mfa.pendingToken, pendingCookieOptions(hub));
      return { mfa_required: true as const, methods: result.mfa.methods };
    }
    setCookie(reply, result.token);
    return sessionView(result.auth);
  };

  r.get('/session', { schema: { response: { 200: sessionViewSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionView(await request.getAuth());
  });

  r.post(
    '/sign-in',
    {
      // Spec §5: the provider's message when email or password is missing.
      preValidation: requireFields(['email', 'password'], SIGN_IN_MESSAGES.missingCredentials),
      schema: { body: signInBodySchema, response: { 200: signInResultSchema, ...apiErrors(401, 429) } },
    },
    async (request, reply) => {
      const actor = await request.actor();
      const result = await signIn(
        hub,
        { ...request.body, previousSessionId: actor.sessionId },
        clientOf(actor),
        request.log,
      );
      return signedInOrMfa(reply, result);
    },
  );

  // Issue 42: sign-in by emailed code or link (auth/email-sign-in.ts).
  r.get('/email-sign-in', { schema: { response: { 200: emailSignInModesSchema } } }, async () => emailSignInModes(hub));

  r.post(
    '/email-sign-in',
    {
      schema: { body: emailSignInRequestSchema, response: { 202: emailSignInAcceptedSchema, ...apiErrors(403, 429) } },
    },
    async (request, reply) => {
      // The browser binding of a link: a fresh secret in a cookie only /api/auth reads.
      const browserSecret = randomToken();
      const actor = await request.actor();
      const { confirmCode } = await requestEmailSignIn(
        hub,
        mailer,
        request.body,
        clientOf(actor),
        browserSecret,
        actor.locale,
      );
      if (request.body.mode === 'link') {
        reply.setCookie(LINK_BROWSER_COOKIE, browserSecret, {
          ...pendingCookieOptions(hub),
          maxAge: EMAIL_SIGN_IN.linkMinutes * 60,
        });
      }
      reply.header('cache-control', 'no-store');
      return reply.code(202).send({ accepted: true as const, ...(confirmCode ? { confirm_code: confirmCode } : {}) });
    },
  );

  r.post(
    '/email-sign-in/verify',
    { schema: { body: emailSignInVerifySchema, response: { 200: signInResultSchema, ...apiErrors(401, 403, 429) } } },
    async (request, reply) => {
      const actor = await request.actor();
      return signedInOrMfa(reply, await verifyEmailCode(hub, request.body, clientOf(actor), actor.sessionId));
    },
  );

  r.post(
    '/email-sign-in/link',
    {
      schema: { body: emailSignInLinkSchema, response: { 200: signInResultSchema, ...apiErrors(401, 403, 409, 429) } },
    },
    async (request, reply) => {
      const actor = await request.actor();
      const result = await openEmailLink(
        hub,
        { token: request.body.token, confirmCode: request.body.confirm_code },
        request.cookies?.[LINK_BROWSER_COOKIE],
        clientOf(actor),
        actor.sessionId,
      );
      reply.clearCookie(LINK_BROWSER_COOKIE, { path: MFA_PENDING_PATH });
      return signedInOrMfa(reply, result);
    },
  );

  r.post(
    '/sign-in/mfa',
    { schema: { body: signInMfaBodySchema, response: { 200: sessionViewSchema, ...apiErrors(401, 429) } } },
    async (request, reply) => {
      const actor = await request.actor();
      const { token, auth } = await completeMfaSignIn(
        hub,
        request.cookies?.[MFA_PENDING_COOKIE],
        request.body,
        clientOf(actor),
        actor.sessionId,
      );
      reply.clearCookie(MFA_PENDING_COOKIE, { path: MFA_PENDING_PATH });
      setCookie(reply, token);
      reply.header('cache-control', 'no-store');
      return sessionView(auth);
    },
  );

  r.post(
    '/passkey/options',
    { schema: { body: emptyBody, response: { 200: authenticationOptionsSchema, ...apiErrors(429) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeyAuthenticationOptions(hub, (await request.actor()).ipAddress);
    },
  );

  r.post(
    '/passkey',
    { schema: { body: authenticationResponseSchema, response: { 200: sessionViewSchema, ...apiErrors(401) } } },
    async (request, reply) => {
      const actor = await request.actor();
      const { token, auth } = await passkeySignIn(
        hub,
        request.body as unknown as AuthenticationResponseJSON,
        clientOf(actor),
        actor.sessionId,
      );
      reply.clearCookie(MFA_PENDING_COOKIE, { path: MFA_PENDING_PATH });
      setCookie(reply, token);
      reply.header('cache-control', 'no-store');
      return sessionView(auth);
    },
  );

  r.post(
    '/reauthenticate',
    {
      config: { auth: 'user' },
      schema: { body: reauthenticateBodySchema, response: { 200: reauthenticatedSchema, ...apiErrors(401, 429) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reauthenticate(hub, await requireActor(request), request.body);
    },
  );

  r.post(
    '/sign-up',
    {
      preValidation: requireFields(['email', 'password', 'full_name'], SIGN_IN_MESSAGES.fillAll),
      schema: { body: signUpBodySchema, response: { 201: signUpResultSchema, ...apiErrors(409) } },
    },
    async (request, reply) => {
      const body = request.body;
      const { token, auth } = await signUp(
        hub,
        mailer,
        {
          email: body.email,
          password: body.password,
          fullName: body.full_name,
          organization: body.organization,
          department: body.department,
        },
        clientOf(await request.actor()),
        request.log,
        (await request.actor()).locale,
      );
      setCookie(reply, token);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...sessionView(auth), verification_sent: true });
    },
  );

  r.post('/sign-out', { schema: { body: emptyBody, response: { 200: signedOutSchema } } }, async (request, reply) => {
    const actor = await request.actor();
    if (actor.auth) {
      await revokeSession(hub, actor.auth.session.id, actor.auth.user.id);
      await endSignedInSessions(hub, { browserSessionIds: [actor.auth.session.id] });
      await hub.audit.record({ type: 'sign_out', ...actor.audit });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { signed_out: true as const };
  });

  r.post(
    '/change-password',
    {
      config: { auth: 'user' },
      schema: { body: changePasswordBodySchema, response: { 200: sessionViewSchema, ...apiErrors(401) } },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const { token, auth: next } = await changePassword(
        hub,
        actor.auth,
        { currentPassword: request.body.current_password, newPassword: request.body.new_password },
        clientOf(actor),
        request.log,
      );
      setCookie(reply, token);
      reply.header('cache-control', 'no-store');
      return sessionView(next);
    },
  );

  // Issue 13: forgotten password. 202 whether or not the account exists.
  r.post(
    '/password/forgot',
    { schema: { body: forgotPasswordBodySchema, response: { 202: acceptedSchema, ...apiErrors(429) } } },
    async (request, reply) => {
      const actor = await request.actor();
      await requestPasswordReset(hub, mailer, request.body.email, clientOf(actor), actor.locale);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send({ accepted: true as const });
    },
  );

  r.post(
    '/password/reset',
    { schema: { body: resetPasswordBodySchema, response: { 200: passwordResetSchema } } },
    async (request, reply) => {
      await resetPassword(hub, request.body, clientOf(await request.actor()), request.log);
      reply.header('cache-control', 'no-store');
      return { password_reset: true as const };
    },
  );

  r.post(
    '/verify-email/resend',
    {
      config: { auth: 'user' },
      schema: { body: emptyBody, response: { 202: acceptedSchema, ...apiErrors(401, 409, 429) } },
    },
    async (request, reply) => {
      await resendVerification(hub, mailer, await requireActor(request));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  // Issue 39: the brand of the client whose authorization request sent the person to /auth.
  r.get(
    '/client-brand',
    { schema: { querystring: clientBrandQuerySchema, response: { 200: clientBrandSchema, ...apiErrors(404) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientBrand(hub, request.query.client_id);
    },
  );

  // The link in the verification mail: a plain GET so it works from any mail client.
  r.get(
    '/verify-email',
    { schema: { querystring: verifyEmailQuerySchema, response: { 303: redirectTo('To /auth?verified=true|false') } } },
    async (request, reply) => {
      const userId = await verifyEmailToken(hub, request.query.token);
      return reply.redirect(userId ? '/auth?verified=true' : '/auth?verified=false', 303);
    },
  );
}
