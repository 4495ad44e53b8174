import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { router } from './routes';
import { startSecurityEvents } from './lib/audit/security-events';

// The security-event audit flow runs for the whole life of the tab (spec §9), signed in or not.
startSecurityEvents();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
