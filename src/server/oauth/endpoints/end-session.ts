import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { SESSION_COOKIE, revokeSession } from '../../auth/sessions';
import { clientIp, userAgent } from '../../http/request-info';
import { sessionCookieOptions } from '../../plugins/session';
import { loadClient } from '../clients/service';
import { endSignedInSessions } from '../backchannel';
import { verifyHubJwt } from '../jwt';
import { sendErrorPage, sendLogoutConfirm, sendSignedOutPage } from '../pages';
import { isKeyedMac, keyedMac } from '../../crypto/keyed-mac';

/** Binds the sign-out confirmation form to the browser session it signs out. */
const LOGOUT_CONTEXT = 'oauth-logout/v1';

function pick(q: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['post_logout_redirect_uri', 'client_id', 'state'])
    if (typeof q[k] === 'string') out[k] = q[k] as string;
  return out;
}

/**
 * GET|POST /oauth/end-session (OIDC RP-Initiated Logout 1.0 §2, §3): signs the user out of the
 * hub — at once when id_token_hint is an ID token of the current session, after the user
 * confirms otherwise — tells every client the session signed into (Back-Channel Logout), and
 * returns the user only to a post-logout URI registered, exactly, for the client named by
 * id_token_hint or client_id, with `state`. A POST from the client's site is a top-level
 * navigation like the GET: it can do nothing the GET cannot, so it needs no same-origin check.
 */
export async function handleEndSession(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const q = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown>;
  const str = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
  const hint = str('id_token_hint');
  const target = str('post_logout_redirect_uri');
  let clientId = str('client_id');
  let hintSid: string | undefined;
  if (hint) {
    // An expired ID token is still a valid hint (OIDC RP-Initiated Logout §2).
    const claims = await verifyHubJwt(hub, hint, { typ: 'JWT', allowExpired: true });
    if (!claims)
      return sendErrorPage(reply, 400, 'invalid_request', 'The id_token_hint is not a valid ID token from this hub.');
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    if (clientId && clientId !== aud)
      return sendErrorPage(reply, 400, 'invalid_request', 'client_id does not match the id_token_hint.');
    clientId = aud;
    hintSid = typeof claims.sid === 'string' ? claims.sid : undefined;
  }
  let redirect: string | undefined;
  if (target) {
    const client = clientId ? await loadClient(hub, clientId) : undefined;
    if (!client || !client.postLogoutRedirectUris.includes(target)) {
      return sendErrorPage(
        reply,
        400,
        'invalid_request',
        'The post_logout_redirect_uri is not registered for this application.',
      );
    }
    redirect = target;
  }
  const auth = await request.getAuth();
  // Only an ID token of this very session (its sid) says the request comes from an application
  // the user signed in to now; otherwise any site could sign the user out: ask first.
  const ownHint = !!hintSid && hintSid === auth?.session.id;
  if (auth && !ownHint) {
    const csrf = keyedMac(hub.config.masterKey!, LOGOUT_CONTEXT, auth.session.id);
    // Only the hub's own confirmation form carries `csrf`; an RP's GET or POST is asked first.
    if (request.method !== 'POST' || str('csrf') === undefined)
      return sendLogoutConfirm(reply, { ...pick(q), ...(clientId ? { client_id: clientId } : {}), csrf });
    if (!isKeyedMac(hub.config.masterKey!, LOGOUT_CONTEXT, auth.session.id, str('csrf') ?? ''))
      return sendErrorPage(reply, 400, 'invalid_request', 'The sign-out form expired or did not come from this hub.');
  }
  if (auth) {
    await revokeSession(hub, auth.session.id, auth.user.id);
    await endSignedInSessions(hub, { browserSessionIds: [auth.session.id] });
    await hub.audit.record({
      type: 'sign_out',
      userId: auth.user.id,
      sessionId: auth.session.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: { via: 'oauth_end_session', client_id: clientId ?? null },
    });
  }
  const { maxAge: _ignored, ...cookieOptions } = sessionCookieOptions(hub);
  reply.clearCookie(SESSION_COOKIE, cookieOptions).header('cache-control', 'no-store');
  if (redirect) {
    const url = new URL(redirect);
    const state = str('state');
    if (state) url.searchParams.set('state', state);
    return reply.redirect(url.toString(), 302);
  }
  return sendSignedOutPage(reply);
}
