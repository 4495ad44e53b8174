import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
// The landing page is where most visits start: part of the entry, it renders without a
// further round trip for its chunk (the rest of the app stays lazy).
import LandingPage from './features/landing/landing-page';

/**
 * The route table of spec §2, and only that. Every page is lazy-loaded so the landing page
 * downloads just what it needs; RootLayout's Suspense shows 'Loading...' meanwhile and its
 * error boundary catches a page that fails to load. Guarded routes sit under the auth guard.
 * (Declarative routes, not a data router: the data router alone would add ~16 KB gzipped to
 * every page, and no screen uses loaders or actions.)
 */
type PageModule = Promise<{ default: React.ComponentType }>;
const page = (load: () => PageModule): Pick<RouteObject, 'element'> => {
  const Page = lazy(load);
  return { element: <Page /> };
};

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
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'auth', ...page(() => import('./features/auth/auth-page')) },
      { path: 'forgot-password', ...page(() => import('./features/auth/forgot-password-page')) },
      { path: 'reset-password', ...page(() => import('./features/auth/reset-password-page')) },
      { path: 'email-sign-in', ...page(() => import('./features/auth/email-link-page')) },
      // The link mailed to a new address works signed in or not (the token names the change).
      { path: 'account/confirm-email', ...page(() => import('./features/account/confirm-email-page')) },
      {
        // The invitation mail's link: signed out, the page itself sends the person to /auth and back.
        path: 'invitations/accept',
        ...page(() => import('./features/orgs/invitation-accept-page')),
      },
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
          // RFC 8628 §3.3: a device's sign-in, approved by its signed-in person (issue 42).
          { path: 'device', ...page(() => import('./features/device/device-page')) },
          {
            // The app shell (sidebar, one <main>) of every signed-in screen: add new ones here.
            ...page(() => import('./layout/shell/signed-in-layout')),
            children: [
              { path: 'admin', ...page(() => import('./features/admin/admin-page')) },
              { path: 'oauth-admin', ...page(() => import('./features/oauth-admin/oauth-admin-page')) },
              { path: 'account', ...page(() => import('./features/account/account-page')) },
              // One organization page: a member's view, and an ecosystem admin's (through /api/admin/orgs).
              { path: 'orgs/:id', ...page(() => import('./features/orgs/org-page')) },
              { path: 'admin/orgs/:id', ...page(() => import('./features/orgs/org-page')) },
              // The sessions screen is now the account's Sessions section.
              { path: 'sessions', element: <Navigate to="/account?tab=sessions" replace /> },
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
