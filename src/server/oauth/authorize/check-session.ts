import { AuthorizeInterrupt, AuthorizeRedirectError, type AuthorizeContext } from './context';

/** Step 5: the user must be signed in to the hub; otherwise /auth and back (or login_required). */
export async function checkSession(ctx: AuthorizeContext): Promise<void> {
  const auth = await ctx.request.getAuth();
  if (!auth) {
    if (ctx.params.prompt === 'none') throw new AuthorizeRedirectError('login_required', 'The user is not signed in.');
    throw new AuthorizeInterrupt('login');
  }
  ctx.auth = auth;
}
