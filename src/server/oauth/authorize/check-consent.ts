import { findConsent, upsertConsent } from '../consent-queries';
import { rememberableScopes } from '../registration/consent';
import { AuthorizeInterrupt, AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 6: a third party needs the user's consent to the requested scopes, remembered per user
 * and client (a wider request, e.g. adding offline_access, asks again). First-party platforms
 * are consented by their registration, unless the client asks with `prompt=consent`, which
 * shows the screen to everyone, remembered or not (OIDC Core §3.1.2.1, §11).
 */
export async function checkConsent(ctx: AuthorizeContext): Promise<void> {
  const { client, auth, hub } = ctx;
  const platform = client!.appType === 'platform';
  if (ctx.consentGiven) {
    if (!platform) {
      const previous = await findConsent(hub.db, auth!.user.id, client!.clientId);
      // An unreviewed dynamic client is remembered for openid profile email only (registration/consent.ts).
      const scopes = [...new Set([...(previous?.scopes ?? []), ...rememberableScopes(client!, ctx.scopes)])];
      await upsertConsent(hub.db, auth!.user.id, client!.clientId, scopes, hub.clock());
    }
    await hub.audit.record({
      type: 'oauth_consent_granted',
      userId: auth!.user.id,
      sessionId: auth!.session.id,
      details: { client_id: client!.clientId, scopes: ctx.scopes },
    });
    return;
  }
  const forced = ctx.prompt.has('consent');
  if (platform && !forced) return;
  if (!forced) {
    const consent = await findConsent(hub.db, auth!.user.id, client!.clientId);
    if (consent && ctx.scopes.every((s) => consent.scopes.includes(s))) return;
  }
  if (ctx.prompt.has('none'))
    throw new AuthorizeRedirectError('consent_required', 'The user has not consented to this application.');
  throw new AuthorizeInterrupt('consent');
}
