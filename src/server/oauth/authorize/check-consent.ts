import { findConsent, upsertConsent } from '../queries';
import { AuthorizeInterrupt, AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 6: first-party platforms skip consent; a third party needs the user's consent to the
 * requested scopes, remembered per user and client (a wider request asks again).
 */
export async function checkConsent(ctx: AuthorizeContext): Promise<void> {
  const { client, auth, hub } = ctx;
  if (client!.appType === 'platform') return;
  if (ctx.consentGiven) {
    const previous = await findConsent(hub.db, auth!.user.id, client!.clientId);
    const scopes = [...new Set([...(previous?.scopes ?? []), ...ctx.scopes])];
    await upsertConsent(hub.db, auth!.user.id, client!.clientId, scopes, hub.clock());
    await hub.audit.record({
      type: 'oauth_consent_granted',
      userId: auth!.user.id,
      sessionId: auth!.session.id,
      details: { client_id: client!.clientId, scopes: ctx.scopes },
    });
    return;
  }
  const consent = await findConsent(hub.db, auth!.user.id, client!.clientId);
  if (consent && ctx.scopes.every((s) => consent.scopes.includes(s))) return;
  if (ctx.params.prompt === 'none')
    throw new AuthorizeRedirectError('consent_required', 'The user has not consented to this application.');
  throw new AuthorizeInterrupt('consent');
}
