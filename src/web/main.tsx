import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { App } from './app';
import { afterLoad } from './lib/after-load';
import { loadParserLater, startsInSourceLanguage } from './i18n/i18n-provider';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// `/` arrives with its first screen already rendered at build time (prerender.tsx: English,
// signed out, nothing in the address after the path). That is taken over as it is when this visit
// renders the same first screen; any other visit renders anew, which replaces it.
const samePage = location.pathname === '/' && location.search === '' && startsInSourceLanguage();
if (container.firstElementChild && samePage) hydrateRoot(container, app);
else createRoot(container).render(app);

// The security-event audit flow runs for the whole life of the tab (spec §9), signed in or not.
// It starts (and logs its app_startup event) once the page has loaded, so its code never
// competes with the first screen for a slow connection.
afterLoad(() => void import('./lib/audit/security-events').then((m) => m.startSecurityEvents()));

// The built app's messages are parsed at build time; the ICU parser comes after the first screen, as a safety net.
if (import.meta.env.PROD) afterLoad(loadParserLater);
