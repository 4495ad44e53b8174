/**
 * Where /auth sends a user once signed in (spec §2): to /auth-redirect when app_id and
 * redirect_url were given (all three cross-platform parameters kept), else to the page the
 * guard interrupted (`next`, same-origin paths only), else to /admin.
 */
export function destinationAfterAuth(params: URLSearchParams): string {
  const appId = params.get('app_id');
  const redirectUrl = params.get('redirect_url');
  if (appId && redirectUrl) {
    const onward = new URLSearchParams({ app_id: appId, redirect_url: redirectUrl });
    const appName = params.get('app_name');
    if (appName) onward.set('app_name', appName);
    return `/auth-redirect?${onward.toString()}`;
  }
  // `return_to` is what the OAuth authorize endpoint sends; `next` what the route guard sends.
  const next = params.get('next') ?? params.get('return_to');
  // Only a path on this site: '//evil.example' or 'https://…' would be an open redirect.
  if (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && !next.startsWith('/auth'))
    return next;
  return '/admin';
}
