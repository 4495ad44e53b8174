import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { HubError } from '../errors';
import { parseInput } from '../http/validate';
import { clientIp, userAgent } from '../http/request-info';
import { sessionCookieOptions } from '../plugins/session';
import { SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import { SESSION_COOKIE, revokeSession } from './sessions';
import { sessionView } from './session-view';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { createMailer } from './mailer';
import { verifyEmailToken } from './email-verification';
import { changePassword } from './change-password';
import { requireUser } from '../plugins/session';

/** Emails longer than RFC 5321's 254 characters are refused before any work. */
const email = z.string().trim().min(1).max(254).email();
/** Generous cap so argon2 never hashes megabytes; the policy's own maximum is lower. */
const password = z.string().min(1).max(1024);

const signInBody = z.object({ email: z.string().max(254), password: z.string().max(1024) }).strict();
const signUpBody = z
  .object({
    email,
    password,
    full_name: z.string().trim().min(1).max(200),
    organization: z.string().max(200).nullish(),
    department: z.string().max(200).nullish(),
  })
  .strict();

const changePasswordBody = z.object({ current_password: password, new_password: password }).strict();

/** POST /api/auth/sign-up, sign-in, sign-out, change-password, GET /api/auth/session, email verification (accounts). */
export async function authRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);
  const client = (request: FastifyRequest) => ({ ipAddress: clientIp(request), userAgent: userAgent(request) });
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(hub));

  app.get('/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionView(await request.getAuth());
  });

  app.post('/sign-in', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new HubError('invalid_request');
    // Spec §5: the provider's message when email or password is missing.
    if (!raw.email || !raw.password) throw new HubError('invalid_request', SIGN_IN_MESSAGES.missingCredentials);
    const body = parseInput(signInBody, raw);
    const previous = await request.getAuth();
    const { token, auth } = await signIn(
      hub,
      { ...body, previousSessionId: previous?.session.id ?? null },
      client(request),
    );
    setCookie(reply, token);
    reply.header('cache-control', 'no-store');
    return sessionView(auth);
  });

  app.post('/sign-up', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new HubError('invalid_request');
    if (!raw.email || !raw.password || !raw.full_name) throw new HubError('invalid_request', SIGN_IN_MESSAGES.fillAll);
    const body = parseInput(signUpBody, raw);
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
      client(request),
    );
    setCookie(reply, token);
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ...sessionView(auth), verification_sent: true });
  });

  app.post('/sign-out', async (request, reply) => {
    const auth = await request.getAuth();
    if (auth) {
      await revokeSession(hub, auth.session.id, auth.user.id);
      await hub.audit.record({
        eventType: 'sign_out',
        severity: 'info',
        userId: auth.user.id,
        sessionId: auth.session.id,
        ...client(request),
      });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { signed_out: true };
  });

  app.post('/change-password', async (request, reply) => {
    const body = parseInput(changePasswordBody, request.body);
    const auth = await requireUser(request);
    const { token, auth: next } = await changePassword(
      hub,
      auth,
      { currentPassword: body.current_password, newPassword: body.new_password },
      client(request),
    );
    setCookie(reply, token);
    reply.header('cache-control', 'no-store');
    return sessionView(next);
  });

  // The link in the verification mail: a plain GET so it works from any mail client.
  app.get('/verify-email', async (request, reply) => {
    const { token } = parseInput(z.object({ token: z.string().min(1).max(200) }), request.query, 'query');
    const userId = await verifyEmailToken(hub, token);
    return reply.redirect(userId ? '/auth?verified=true' : '/auth?verified=false', 303);
  });
}
