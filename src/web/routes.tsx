import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './features/not-found/route-error';

/**
 * The route table of spec §2, and only that. Every page is lazy-loaded so the landing page
 * downloads just what it needs. Guarded routes sit under the auth guard element.
 */
type PageModule = Promise<{ default: React.ComponentType }>;
const page = (load: () => PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The module screens; each has a guarded route and a public /demo twin (spec §2). */
export const MODULE_ROUTES = [
  { path: 'fulfils', load: () => import('./modules/fulfils/fulfils-page') },
  { path: 'role-builder', load: () => import('./modules/role-builder/role-builder-page') },
  { path: 'qrc', load: () => import('./modules/qrc/qrc-page') },
  { path: 'sortstak', load: () => import('./modules/sortstak/sortstak-page') },
  { path: 'talentmls', load: () => import('./modules/talentmls/talentmls-page') },
  { path: 'talentspark', load: () => import('./modules/talentspark/talentspark-page') },
  { path: 'ip-filters', load: () => import('./modules/ip-filters/ip-filters-page') },
  { path: 'data-mining', load: () => import('./modules/data-mining/data-mining-page') },
  { path: 'health', load: () => import('./modules/health/health-page') },
  { path: 'settings', load: () => import('./modules/settings/settings-page') },
] as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown for the instant the first lazy page loads (React Router's initial "hydration").
    hydrateFallbackElement: <div aria-busy="true" className="min-h-screen" />,
    children: [
      { index: true, ...page(() => import('./features/landing/landing-page')) },
      { path: 'auth', ...page(() => import('./features/auth/auth-page')) },
      { path: 'final-todo', ...page(() => import('./features/final-todo/final-todo-page')) },
      {
        path: 'demo',
        ...page(() => import('./features/demo/demo-layout')),
        children: [
          { index: true, ...page(() => import('./features/demo/demo-dashboard')) },
          { path: 'admin', ...page(() => import('./features/demo/demo-admin')) },
          ...MODULE_ROUTES.map((m) => ({ path: m.path, ...page(m.load) })),
        ],
      },
      {
        // Everything below requires a signed-in user (the guard redirects to /auth).
        ...page(() => import('./features/auth/require-auth')),
        children: [
          { path: 'auth-redirect', ...page(() => import('./features/auth-redirect/auth-redirect-page')) },
          {
            // The app shell (sidebar, one <main>) of every signed-in screen: add new ones here.
            ...page(() => import('./layout/shell/signed-in-layout')),
            children: [
              { path: 'admin', ...page(() => import('./features/admin/admin-page')) },
              { path: 'oauth-admin', ...page(() => import('./features/oauth-admin/oauth-admin-page')) },
              { path: 'sessions', ...page(() => import('./features/admin/my-sessions-page')) },
              ...MODULE_ROUTES.map((m) => ({ path: m.path, ...page(m.load) })),
            ],
          },
        ],
      },
      // Server pages (OAuth authorize/consent) reached by a client-side navigation: reload from the server.
      { path: 'oauth/*', ...page(() => import('./features/auth-redirect/server-page-bridge')) },
      { path: '*', ...page(() => import('./features/not-found/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
