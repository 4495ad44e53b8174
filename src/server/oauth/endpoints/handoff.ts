import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { isKeyedMac, keyedMac } from '../../crypto/keyed-mac';
import { HubError } from '../../errors';
import { requireActor } from '../../plugins/session';
import { createHandoffSession, grantHandoffConsent } from '../../cross-platform/service';
import { loadClient } from '../clients/service';
import { sendConsentPage, sendErrorPage, sendFormPost } from '../pages';

/** Binds the hand-off's consent form to the browser session and the exact request. */
const HANDOFF_CONSENT_CONTEXT = 'handoff-consent/v1';

/**
 * GET|POST /oauth/handoff (the spec's cross-platform hand-off as a server page): the same rules
 * as /oauth/authorize — sign-in first, only the app's registered redirect URL and scopes, and a
 * third-party app gets the consent screen before any session is minted for it — then the
 * session is handed over by the spec's form POST (session_token, user_id, timestamp).
 * /oauth/handoff/decision is the consent screen's answer, bound to the session and the request.
 */
export async function handleHandoff(
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  query: string,
  decision?: { choice: string; csrf: string },
) {
  const params = new URLSearchParams(query);
  const appId = params.get('app_id');
  const redirectUrl = params.get('redirect_url');
  const scope = params.get('scope') ?? undefined;
  if (!appId || !redirectUrl || params.getAll('app_id').length > 1 || params.getAll('redirect_url').length > 1)
    return sendErrorPage(reply, 400, 'invalid_request', 'The hand-off needs exactly one app_id and one redirect_url.');
  const auth = await request.getAuth();
  if (!auth) {
    const back = `/oauth/handoff?${query}`;
    return reply.redirect(`/auth?${new URLSearchParams({ return_to: back, next: back })}`, 302);
  }
  const actor = await requireActor(request);
  try {
    if (decision) {
      if (!isKeyedMac(hub.config.masterKey!, HANDOFF_CONSENT_CONTEXT, `${auth.session.id}:${query}`, decision.csrf))
        return sendErrorPage(reply, 400, 'invalid_request', 'The consent form expired or did not come from this hub.');
      if (decision.choice !== 'allow')
        return sendErrorPage(reply, 403, 'access_denied', 'You did not allow the application to use your account.');
      await grantHandoffConsent(hub, actor, { app_id: appId, scope });
    }
    const session = await createHandoffSession(hub, actor, { app_id: appId, redirect_url: redirectUrl, scope });
    return sendFormPost(reply, session.redirect_url, {
      session_token: session.session_token,
      user_id: session.user_id,
      timestamp: String(session.timestamp),
    });
  } catch (e) {
    if (!(e instanceof HubError)) throw e;
    if (e.code === 'consent_required') {
      const client = (await loadClient(hub, appId))!;
      return sendConsentPage(reply, {
        appName: client.appName,
        appUrl: client.appUrl,
        scopes: (e.extra.scopes as string[]) ?? [],
        query,
        csrf: keyedMac(hub.config.masterKey!, HANDOFF_CONSENT_CONTEXT, `${auth.session.id}:${query}`),
        userEmail: auth.user.email,
        action: '/oauth/handoff/decision',
      });
    }
    return sendErrorPage(reply, e.status >= 500 ? 400 : e.status, e.code, e.message);
  }
}
