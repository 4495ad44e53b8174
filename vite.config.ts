import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createServer, defineConfig, type Plugin } from 'vite';
import { precompileMessages } from './scripts/precompile-messages';
import { precompress } from './scripts/precompress';

const apiTarget = `http://127.0.0.1:${process.env.HUB_API_PORT ?? '3001'}`;

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Issue 44: dist/web/landing.html, the built index.html with the landing page's first screen
 * rendered into it (src/web/prerender.tsx, loaded through a throw-away Vite server in SSR mode
 * so it compiles exactly as the app does). The server sends it for `/` (src/server/app.ts);
 * every other path keeps the empty index.html, so no other screen ever shows the landing page.
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'hub-prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const server = await createServer({
          configFile,
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLandingPage } = (await server.ssrLoadModule('/prerender.tsx')) as {
            renderLandingPage: () => string;
          };
          const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          // The stylesheet in the document: on a slow link a separate request shares the bandwidth with
          // every script and arrives with the last of them, and the first paint waits for it.
          const inlineStylesheet = (page: string) =>
            page.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/, (_, href: string) => {
              const css = readFileSync(path.join(outDir, href), 'utf8');
              if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
              return `<style>${css}</style>`;
            });
          // The scripts after the content: named in the head, they are requested as its first bytes arrive,
          // and the rest of the document then shares the slow link with them. Module scripts run after
          // the document is parsed wherever they stand, so nothing else changes.
          const scriptsLast = (page: string) => {
            const scripts: string[] = [];
            const rest = page.replace(
              /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g,
              (tag) => {
                scripts.push(tag.trim());
                return '';
              },
            );
            return rest.replace('</body>', () => `  ${scripts.join('\n    ')}\n  </body>`);
          };
          if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
          const html = renderLandingPage();
          writeFileSync(
            path.join(outDir, 'landing.html'),
            scriptsLast(inlineStylesheet(index)).replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`),
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [precompileMessages(), react(), tailwindcss(), prerenderLanding(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      // Issue 39: messages are parsed at build time (scripts/precompile-messages.ts); the browser's
      // react-intl gets formatjs's parser-less build, and the real parser only on demand.
      ...(process.env.VITEST
        ? []
        : [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: fileURLToPath(
                new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
              ),
            },
          ]),
      {
        find: /^hub-icu-parser$/,
        replacement: fileURLToPath(
          new URL('./node_modules/@formatjs/icu-messageformat-parser/index.js', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each route loads (scripts/size.ts reads it).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/oauth': apiTarget,
      '/.well-known': apiTarget,
    },
  },
});
