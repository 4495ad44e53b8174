/**
 * Issue 44: the landing page's first screen as HTML, rendered once at build time
 * (vite.config.ts `prerenderLanding`) into dist/web/landing.html, which the server sends for `/`
 * (src/server/app.ts). A slow phone paints it once the document and the stylesheet are in,
 * instead of after every script has run; main.tsx then takes it over (hydrates it) when the
 * visit would render the same thing, and renders anew over it otherwise.
 *
 * What it shows is what a first visit shows before anything is known about the person: the
 * source language (English) and signed out.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app';

export function renderLandingPage(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
