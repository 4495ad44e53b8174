import { useRoutes } from 'react-router';
import { routes } from './routes';

/** The whole app under a router: the browser's (main.tsx) or, at build time, a static one (prerender.tsx). */
export function App() {
  return useRoutes(routes);
}
