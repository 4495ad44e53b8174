import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import type { Actor } from '../../actor';
import { HubError } from '../../errors';
import type { ClientDisplay } from '../../../shared/api/client-display';
import { findClientById, updateClient } from './queries';
import { oauthRuntime } from '../runtime';

/**
 * A client's display metadata (issue 39: RFC 7591 logo_uri, client_uri, policy_uri, tos_uri and a
 * brand colour), validated by src/shared/api/client-display.ts before it gets here. One home for
 * the columns, the view, and the change.
 */
export function displayColumns(input: Partial<ClientDisplay>) {
  const columns: Partial<Pick<OAuthClient, 'logoUri' | 'clientUri' | 'policyUri' | 'tosUri' | 'brandColor'>> = {};
  if (input.logo_uri !== undefined) columns.logoUri = input.logo_uri;
  if (input.client_uri !== undefined) columns.clientUri = input.client_uri;
  if (input.policy_uri !== undefined) columns.policyUri = input.policy_uri;
  if (input.tos_uri !== undefined) columns.tosUri = input.tos_uri;
  if (input.brand_color !== undefined) columns.brandColor = input.brand_color?.toLowerCase() ?? null;
  return columns;
}

export function displayView(c: OAuthClient) {
  return {
    logo_uri: c.logoUri,
    client_uri: c.clientUri,
    policy_uri: c.policyUri,
    tos_uri: c.tosUri,
    brand_color: c.brandColor,
  };
}

/** Changes the fields given (null clears one), audited; every node forgets the client. */
export async function setClientDisplay(
  hub: Hub,
  id: string,
  input: Partial<ClientDisplay>,
  actor: Actor,
): Promise<OAuthClient> {
  const columns = displayColumns(input);
  const client = await hub.db.transaction(async (tx) => {
    const current = await findClientById(tx, id);
    if (!current) throw new HubError('not_found', 'No such OAuth client.');
    const updated = await updateClient(tx, id, { ...columns, updatedAt: hub.clock() });
    const fields = Object.entries(columns)
      .filter(([k, v]) => v !== current[k as keyof OAuthClient])
      .map(([k]) => k);
    await hub.audit.record(
      { type: 'client_updated', ...actor.audit, details: { client_id: current.clientId, fields } },
      tx,
    );
    return updated!;
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
  return client;
}
