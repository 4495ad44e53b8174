import type { Hub } from '../hub';
import { SIGN_IN_LIMIT } from '../../shared/auth-limits';
import { deleteStaleAttempts } from './sign-in-limit-queries';

/** Spec §9: stale sign-in counters are cleaned every 5 minutes. */
export function startSignInCleanup(hub: Hub): NodeJS.Timeout[] {
  const timer = setInterval(() => {
    deleteStaleAttempts(hub.db, hub.clock()).catch(() => undefined);
  }, SIGN_IN_LIMIT.cleanupEveryMinutes * 60_000);
  timer.unref();
  return [timer];
}
