import { useEffect } from 'react';

/**
 * /oauth/* are server pages (authorization endpoint, consent). When the SPA routes there after
 * sign-in (the /auth page's `next`), this reloads the same URL from the server instead of
 * rendering a client-side 404. The server never answers /oauth/* with the SPA, so this cannot loop.
 */
export default function ServerPageBridge() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center text-muted-foreground"
    >
      Loading...
    </div>
  );
}
