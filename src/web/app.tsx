import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { routes } from './routes';

/**
 * The whole app under a router: the browser's (main.tsx) or, at build time, a static one (prerender.tsx).
 *
 * Once a screen is on show, `<html data-shown-route>` names its address (path and query): an
 * effect runs after its commit, so a tool that moves the app by the History API (the browser
 * journeys' sweeps, a synthetic monitor) knows when the new screen, not the one before it, is
 * there. A redirect on the way commits twice; the second names the address the browser shows.
 */
export function App() {
  const location = useLocation();
  useEffect(() => {
    document.documentElement.dataset.shownRoute = location.pathname + location.search;
  }, [location]);
  return useRoutes(routes);
}
