import { OAuthError } from '../errors';
import { resolveResource } from '../resource';
import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/** Step 4: RFC 8707 resource indicator, the API the access token will be for (null: the hub's userinfo). */
export async function checkResource(ctx: AuthorizeContext): Promise<void> {
  try {
    ctx.resource = await resolveResource(ctx.hub, ctx.params.resource);
  } catch (e) {
    if (e instanceof OAuthError) throw new AuthorizeRedirectError(e.error, e.description);
    throw e;
  }
}
