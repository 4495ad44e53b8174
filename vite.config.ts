import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompileMessages } from './scripts/precompile-messages';

const apiTarget = `http://127.0.0.1:${process.env.HUB_API_PORT ?? '3001'}`;

/** Text the browser downloads; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

function zopfliGzip(raw: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zopfli.gzip(raw, { numiterations: 15 }, (error, out) => (error ? reject(error) : resolve(Buffer.from(out)))),
  );
}

/**
 * Brotli (quality 11) and gzip (Zopfli) copies of every text asset, written next to it at
 * build time so the server never compresses per request (@fastify/static `preCompressed`).
 * A copy is kept only when it is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
          },
        });
        // Zopfli: gzip that every client decodes, ~3.5 % smaller than zlib's level 9 (issue 39's budget).
        const gz = await zopfliGzip(raw);
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [precompileMessages(), react(), tailwindcss(), precompress()],
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
