import { SESSION_COOKIE } from '../../auth/sessions';
import { resolveSignedInSession } from '../../auth/session-cache';
import { mustChangePassword } from '../../auth/password-check';
import { AuthorizeInterrupt, AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 5: the user must be signed in to the hub, recently enough for `max_age`, and freshly for
 * `prompt=login` (OIDC Core §3.1.2.1); `prompt=select_account` shows who is signed in first.
 * A sign-in this request itself asked for (ctx.reauthSince) satisfies login and max_age, so
 * `max_age=0` does not loop. With `prompt=none` every interaction is an error to the client.
 * The session comes from this node's revocation-aware cache (auth/session-cache.ts): a silent
 * authorization of a signed-in browser reads nothing.
 *
 * Issue 42: a session whose breached password must be changed gets no code — the browser goes to
 * the account page that asks for the change (and comes back here), or with `prompt=none` the
 * client hears `interaction_required`.
 */
export async function checkSession(ctx: AuthorizeContext): Promise<void> {
  const auth = await resolveSignedInSession(ctx.hub, ctx.request.cookies?.[SESSION_COOKIE]);
  const none = ctx.prompt.has('none');
  if (!auth) {
    if (none) throw new AuthorizeRedirectError('login_required', 'The user is not signed in.');
    throw new AuthorizeInterrupt('login');
  }
  ctx.auth = auth;
  if (mustChangePassword(auth)) {
    if (none) throw new AuthorizeRedirectError('interaction_required', 'The user must change their password first.');
    throw new AuthorizeInterrupt('change_password');
  }
  const authTime = auth.session.authTime.getTime();
  const reauthenticated = ctx.reauthSince !== undefined && authTime >= ctx.reauthSince;
  if (reauthenticated) return;
  if (ctx.prompt.has('login')) throw new AuthorizeInterrupt('login');
  const maxAge = ctx.params.max_age;
  if (maxAge !== undefined && ctx.hub.clock().getTime() - authTime > Number(maxAge) * 1000) {
    if (none) throw new AuthorizeRedirectError('login_required', 'The sign-in is older than max_age allows.');
    throw new AuthorizeInterrupt('login');
  }
  if (ctx.prompt.has('select_account') && !ctx.accountChosen) throw new AuthorizeInterrupt('select_account');
}
