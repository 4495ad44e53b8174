import type { Hub } from '../hub';
import { startJtiCleanup } from './jti-once';
import { oauthRuntime } from './runtime';
import { expireUnusedRegistrations } from './registration/service';

/**
 * Signing-key bootstrap at start (the first node creates the active and next keys; the others
 * find them), then an hourly prune of retired keys whose tokens have all expired, and the pruning
 * of used JWT IDs and spent pushed requests (jti-once.ts); the same hourly pass deletes unused
 * dynamic registrations (registration/service.ts).
 */
export async function startOAuth(hub: Hub): Promise<NodeJS.Timeout[]> {
  await oauthRuntime(hub).keys.current();
  const prune = setInterval(() => {
    oauthRuntime(hub)
      .keys.prune()
      .catch(() => {});
    expireUnusedRegistrations(hub).catch(() => {});
  }, 3_600_000);
  prune.unref();
  return [prune, ...startJtiCleanup(hub)];
}
