import { safeReturnPath } from '../../../shared/return-path';

/** Where a federated sign-in lands when it was not sent from anywhere in particular. */
export const DEFAULT_RETURN_TO = '/account';

/**
 * Where a sign-in, or a link, continues: the shared return-path rule (src/shared/return-path.ts,
 * checked on the normalised value, the same rule the web runs), and never the sign-in routes or
 * the API again. The authorization endpoint sends its own request here (`/oauth/authorize?…`), so
 * a sister app's flow continues after the detour. Applied when the detour starts and again where
 * the hub redirects, so a value stored before (a pending link) is held to today's rule.
 */
export function returnPathOf(value: string | undefined | null): string {
  return safeReturnPath(value, { excluding: ['/auth/sso', '/api/'] }) ?? DEFAULT_RETURN_TO;
}
