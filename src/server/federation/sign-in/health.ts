import type { Hub } from '../../hub';
import type { IdentityProvider } from '../../db/schema/index';
import { UpstreamSignInError } from '../providers/oidc';
import { recordProviderHealth } from '../queries';
import { upstreamRefusal } from './refusals';

/**
 * A sign-in step's failure at the provider, as the person hears it (refusals.ts); one that never
 * reached the provider is also kept on its row (issue 46: the administrator sees "last error" on
 * the list without reading the audit log). Recording is best effort: the refusal is what matters.
 */
export async function refuseUpstreamFailure(hub: Hub, provider: IdentityProvider, e: unknown): Promise<unknown> {
  if (e instanceof UpstreamSignInError && e.unreachable) {
    await recordProviderHealth(hub.db, provider.id, {
      at: hub.clock(),
      error: `sign-in: cannot be reached (${e.reason})`,
    }).catch(() => {});
  }
  return upstreamRefusal(e, provider);
}
