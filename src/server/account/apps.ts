import type { Hub } from '../hub';
import { HubError } from '../errors';
import type { SignedInActor } from '../actor';
import { revokeSessionIds } from '../oauth/revoke-service';
import type { ConnectedApp } from '../../shared/api/me';
import { liveAppSessionIds, liveAppSessionsByClient } from '../auth/session-queries';
import { findClientsByClientIds } from '../oauth/clients/queries';
import { deleteConsent, listConsents } from '../oauth/consent-queries';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** GET /api/me/apps: apps the user consented to, and apps holding live sessions of theirs. */
export async function listConnectedApps(hub: Hub, actor: SignedInActor): Promise<{ apps: ConnectedApp[] }> {
  const now = hub.clock();
  const [consents, live] = await Promise.all([
    listConsents(hub.db, actor.userId),
    liveAppSessionsByClient(hub.db, actor.userId, now),
  ]);
  const ids = [...new Set([...consents.map((c) => c.clientId), ...live.map((l) => l.clientId!)])];
  const clients = new Map((await findClientsByClientIds(hub.db, ids)).map((c) => [c.clientId, c]));
  const apps: ConnectedApp[] = [];
  for (const clientId of ids) {
    const client = clients.get(clientId);
    if (!client) continue;
    const consent = consents.find((c) => c.clientId === clientId);
    const sessions = live.find((l) => l.clientId === clientId);
    apps.push({
      client_id: clientId,
      app_name: client.appName,
      app_url: client.appUrl,
      app_type: client.appType,
      scopes: [...new Set([...(consent?.scopes ?? []), ...(sessions?.scopes ?? [])])].sort(),
      consented_at: iso(consent?.grantedAt),
      active_sessions: Number(sessions?.n ?? 0),
      last_used_at: iso(sessions?.lastUsedAt),
    });
  }
  apps.sort((a, b) => a.app_name.localeCompare(b.app_name));
  return { apps };
}

/** DELETE /api/me/apps/:client_id: consent withdrawn, every token of the app for this user ends. */
export async function revokeConnectedApp(hub: Hub, actor: SignedInActor, clientId: string) {
  const now = hub.clock();
  const consentRevoked = await deleteConsent(hub.db, actor.userId, clientId);
  const ids = await liveAppSessionIds(hub.db, actor.userId, clientId, now);
  if (!consentRevoked && ids.length === 0) throw new HubError('not_found', 'This app has no access to your account.');
  const ended = await revokeSessionIds(hub, ids, actor.userId);
  await hub.audit.record({
    type: 'app_access_revoked',
    ...actor.audit,
    details: { client_id: clientId, sessions_revoked: ended.length },
  });
  return { consent_revoked: consentRevoked, sessions_ended: ended.length };
}
