import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { systemActor } from '../../actor';
import { outboundPolicy, OutboundRefusedError, describeRefusal } from '../../net/outbound';
import { outboundRequest, type OutboundResponse } from '../../net/outbound-http';
import { isHttpsOrLoopback } from '../../../shared/loopback';
import { AuthorizePageError, OAuthError } from '../errors';
import { oauthRuntime } from '../runtime';
import { CLIENT_DOCUMENT_TIMEOUT_MS } from '../client-jwks';
import { findClientByClientId, updateClient } from '../clients/queries';
import { loadDcrPolicy } from './policy';
import { insertDynamicClient, metadataColumns, validateMetadata } from './service';

/** draft-ietf-oauth-client-id-metadata-document §4: small documents, fetched quickly. */
const MAX_DOCUMENT_BYTES = 5 * 1024;
/** How long a fetched document is kept: its Cache-Control max-age, within these bounds. */
const MIN_CACHE_S = 60;
const MAX_CACHE_S = 24 * 3600;
const DEFAULT_CACHE_S = 3600;

/**
 * Whether a client_id is a client ID metadata document's URL: https (http only to this machine
 * outside production, for development), with a path, without credentials, query or fragment.
 */
export function isMetadataDocumentClientId(hub: Hub, clientId: string): boolean {
  if (!/^https?:\/\//.test(clientId)) return false;
  let u: URL;
  try {
    u = new URL(clientId);
  } catch {
    return false;
  }
  const schemeOk = u.protocol === 'https:' || (!hub.config.isProduction && isHttpsOrLoopback(u));
  return (
    schemeOk && u.pathname !== '/' && !u.username && !u.password && !u.search && !u.hash && !clientId.includes('#')
  );
}

function cacheSeconds(answer: OutboundResponse): number {
  const cc = String(answer.headers['cache-control'] ?? '');
  if (/no-store|no-cache/i.test(cc)) return MIN_CACHE_S;
  const m = /max-age=(\d+)/i.exec(cc);
  const asked = m ? Number(m[1]) : DEFAULT_CACHE_S;
  return Math.min(MAX_CACHE_S, Math.max(MIN_CACHE_S, asked));
}

const refused = (description: string) => new AuthorizePageError('invalid_client', description);

/**
 * The client a metadata document URL names (issue 40, as MCP uses it): when the policy allows
 * them, the document is fetched through the outbound module (address policy, 5 KiB, 3 s, no
 * redirect), must name itself as client_id and pass the same field-by-field rules and scope
 * policy as a registration; it is kept as a dynamic client row (so the token endpoint, consent and
 * Connected apps know it) until its HTTP cache lifetime ends. Undefined when the policy is off.
 */
export async function resolveMetadataDocumentClient(hub: Hub, clientId: string): Promise<OAuthClient | undefined> {
  const { policy } = await loadDcrPolicy(hub);
  if (!policy.client_id_metadata_documents) return undefined;
  const now = hub.clock();
  const existing = await findClientByClientId(hub.db, clientId);
  if (existing && existing.registeredVia !== 'metadata_document') return existing;
  if (existing?.metadataDocumentExpiresAt && existing.metadataDocumentExpiresAt > now) return existing;

  let answer: OutboundResponse;
  try {
    answer = await outboundRequest(
      clientId,
      { headers: { accept: 'application/json' }, timeoutMs: CLIENT_DOCUMENT_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES },
      outboundPolicy(hub.config),
    );
  } catch (e) {
    if (e instanceof OutboundRefusedError)
      throw refused(`The client ID metadata document ${describeRefusal(e.refusal)}.`);
    throw refused('The client ID metadata document could not be fetched.');
  }
  if (answer.status !== 200) throw refused('The client ID metadata document could not be fetched.');
  let document: unknown;
  try {
    document = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw refused('The client ID metadata document is not JSON.');
  }
  if ((document as { client_id?: unknown } | null)?.client_id !== clientId)
    throw refused('The client ID metadata document does not name this client_id.');
  const actor = systemActor();
  let metadata;
  try {
    metadata = await validateMetadata(hub, document, policy, actor, 'register', clientId);
  } catch (e) {
    if (e instanceof OAuthError) throw refused(`The client ID metadata document is refused: ${e.description}`);
    throw e;
  }
  const columns = {
    ...metadataColumns(metadata),
    metadataDocumentExpiresAt: new Date(now.getTime() + cacheSeconds(answer) * 1000),
    updatedAt: now,
  };
  const client = await hub.db.transaction(async (tx) => {
    if (existing) {
      const updated = (await updateClient(tx, existing.id, columns))!;
      const fields = ['redirectUris', 'scopes', 'appName'].filter(
        (k) => JSON.stringify(updated[k as keyof OAuthClient]) !== JSON.stringify(existing[k as keyof OAuthClient]),
      );
      if (fields.length)
        await hub.audit.record({ type: 'client_updated', details: { client_id: clientId, fields } }, tx);
      return updated;
    }
    const created = await insertDynamicClient(hub, tx, actor, {
      clientId,
      ...columns,
      registeredVia: 'metadata_document',
      createdAt: now,
    });
    return created;
  });
  if (existing) await oauthRuntime(hub).clientChanged(clientId);
  return client;
}
