import type { OAuthClient } from '../../db/schema/index';
import { isLoopbackHost } from '../../../shared/loopback';

/** The scopes a person's consent to an unreviewed dynamic client is remembered for; wider ones are asked each time. */
export const DYNAMIC_REMEMBERED_SCOPES: readonly string[] = ['openid', 'profile', 'email'];

/** A client that registered itself (RFC 7591) and that no administrator has approved. */
export function isUnreviewedDynamic(client: OAuthClient): boolean {
  return client.registration === 'dynamic' && client.appType !== 'platform';
}

/** The scopes of a consent the hub may remember for this client (all of them, unless it is unreviewed). */
export function rememberableScopes(client: OAuthClient, scopes: string[]): string[] {
  return isUnreviewedDynamic(client) ? scopes.filter((s) => DYNAMIC_REMEMBERED_SCOPES.includes(s)) : scopes;
}

/** Where a redirect URI sends the person, as the consent page names it. */
function redirectHost(uri: string): string {
  const u = new URL(uri);
  if (u.protocol === 'http:' && isLoopbackHost(u.hostname)) return `${u.hostname} (an app on this computer)`;
  if (u.protocol === 'https:' || u.protocol === 'http:') return u.host;
  return `${u.protocol.slice(0, -1)} (an app on this device)`;
}

export interface UnreviewedClientFacts {
  clientHost: string | null;
  redirectHost: string;
  softwareId: string | null;
  /** The asked scopes the hub will not remember: the person is asked again for these. */
  askedAgain: string[];
}

/**
 * What the consent page tells a person about an unreviewed dynamic client (issue 40): that no
 * administrator reviewed it, its own host, where the answer goes, what software it says it is,
 * and which scopes will be asked for again. Undefined for any other client.
 */
export function unreviewedClientFacts(
  client: OAuthClient,
  redirectUri: string,
  scopes: string[],
): UnreviewedClientFacts | undefined {
  if (!isUnreviewedDynamic(client)) return undefined;
  return {
    clientHost: client.clientUri ? new URL(client.clientUri).host : null,
    redirectHost: redirectHost(redirectUri),
    softwareId: client.softwareId,
    askedAgain: scopes.filter((s) => !DYNAMIC_REMEMBERED_SCOPES.includes(s)),
  };
}
