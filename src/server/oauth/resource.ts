import type { Hub } from '../hub';
import { isRegisteredResource } from './clients/queries';
import { OAuthError } from './errors';
import { issuerOf } from './jwt';

/** The audience of an access token asked for no particular API: the hub's own userinfo endpoint. */
export const userinfoAudience = (hub: Hub) => `${issuerOf(hub)}/oauth/userinfo`;

/**
 * RFC 8707 §2: a resource indicator is an absolute URI without a fragment, and the hub issues
 * tokens only for APIs it knows: its own userinfo endpoint, or the app_url an active registered
 * client serves. Anything else is `invalid_target`. Returns the token audience.
 */
export async function resolveResource(hub: Hub, resource: string | undefined): Promise<string | null> {
  if (resource === undefined) return null;
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    throw new OAuthError('invalid_target', 'resource must be an absolute URI.');
  }
  if (url.hash || resource.includes('#')) throw new OAuthError('invalid_target', 'resource must not have a fragment.');
  if (resource === userinfoAudience(hub)) return null;
  // Found registered once, kept until a client message (caches.ts): a grant naming its API reads
  // nothing. A refusal is thrown by the lookup, so it is never kept.
  await hub.caches.registeredResources.get(resource, async () => {
    if (!(await isRegisteredResource(hub.db, resource)))
      throw new OAuthError('invalid_target', 'resource is not an API registered with the hub.');
    return true;
  });
  return resource;
}
