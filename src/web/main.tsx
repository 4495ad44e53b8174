import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './index.css';
import { routes } from './routes';
import { afterLoad } from './lib/after-load';
import { loadParserLater } from './i18n/i18n-provider';

function App() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

// The security-event audit flow runs for the whole life of the tab (spec §9), signed in or not.
// It starts (and logs its app_startup event) once the page has loaded, so its code never
// competes with the first screen for a slow connection.
afterLoad(() => void import('./lib/audit/security-events').then((m) => m.startSecurityEvents()));

// The built app's messages are parsed at build time; the ICU parser comes after the first screen, as a safety net.
if (import.meta.env.PROD) afterLoad(loadParserLater);
