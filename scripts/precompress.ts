import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Text the browser downloads; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

/** How the copies are made; part of every cache key, so a change of settings never reuses an old copy. */
const SETTINGS = 'brotli-11/zopfli-15';
const ZOPFLI_ITERATIONS = 15;

/**
 * Copies made by earlier builds, by the bytes they compress: Zopfli takes ~30 CPU-seconds for the
 * app's ~3 MB of text whatever its iterations (1 or 15: 28 against 32 s), and a build after a change
 * to one screen changes only that screen's chunks. Per user, in the temporary directory (it
 * outlives `npm ci`); entries unused for CACHE_DAYS are removed after each build.
 */
const CACHE_DIR = path.join(os.tmpdir(), `hub-precompress-${process.getuid?.() ?? 'user'}`);
const CACHE_DAYS = 30;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

function zopfliGzip(raw: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zopfli.gzip(raw, { numiterations: ZOPFLI_ITERATIONS }, (error, out) =>
      error ? reject(error) : resolve(Buffer.from(out)),
    ),
  );
}

interface Copies {
  br: Buffer;
  gz: Buffer;
}

async function compress(raw: Buffer): Promise<Copies> {
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  // Zopfli: gzip that every client decodes, ~3.5 % smaller than zlib's level 9 (issue 39's budget).
  return { br, gz: await zopfliGzip(raw) };
}

/**
 * A cached pair is used only if both copies decompress to exactly these bytes: the temporary
 * directory may be shared, and a copy planted there must not ship. Anything unreadable or
 * unwritable in the cache is a miss, never a failed build.
 */
function fromCache(key: string, raw: Buffer): Copies | null {
  const files = cacheFiles(key);
  try {
    const br = readFileSync(files.br);
    const gz = readFileSync(files.gz);
    // One byte more than the asset is enough to tell a copy of something else (a planted bomb stops there).
    const limit = { maxOutputLength: raw.length + 1 };
    if (!brotliDecompressSync(br, limit).equals(raw) || !gunzipSync(gz, limit).equals(raw)) return null;
    const now = new Date();
    for (const file of Object.values(files)) utimesSync(file, now, now);
    return { br, gz };
  } catch {
    return null;
  }
}

function intoCache(key: string, copies: Copies): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true, mode: 0o700 });
    const files = cacheFiles(key);
    for (const ext of ['br', 'gz'] as const) {
      const file = files[ext];
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, copies[ext]);
      renameSync(tmp, file);
    }
  } catch {
    // A cache that cannot be written leaves the build as it was: slower next time.
  }
}

function pruneCache(): void {
  const before = Date.now() - CACHE_DAYS * 86_400_000;
  try {
    for (const name of readdirSync(CACHE_DIR)) {
      const file = path.join(CACHE_DIR, name);
      if (statSync(file).mtimeMs < before) rmSync(file, { force: true });
    }
  } catch {
    // Nothing cached yet, or not ours to prune.
  }
}

function cacheKey(raw: Buffer): string {
  return createHash('sha256').update(SETTINGS).update('\0').update(raw).digest('hex');
}

function cacheFiles(key: string): Record<keyof Copies, string> {
  return { br: path.join(CACHE_DIR, `${key}.br`), gz: path.join(CACHE_DIR, `${key}.gz`) };
}

/** Where the copies of these bytes are cached (tests plant bad copies there). */
export function cachedCopyFiles(raw: Buffer): Record<keyof Copies, string> {
  return cacheFiles(cacheKey(raw));
}

/** The copies of one file's bytes: from the cache when an earlier build made them, else made (and kept). */
export async function compressedCopies(raw: Buffer): Promise<Copies> {
  const key = cacheKey(raw);
  const cached = fromCache(key, raw);
  if (cached) return cached;
  const made = await compress(raw);
  intoCache(key, made);
  return made;
}

/**
 * Brotli (quality 11) and gzip (Zopfli) copies of every text asset, written next to it at
 * build time so the server never compresses per request (@fastify/static `preCompressed`).
 * A copy is kept only when it is smaller than the file.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Sequential and last: after prerenderLanding has written landing.html (closeBundle hooks run side by side unless told).
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
          const raw = readFileSync(file);
          const { br, gz } = await compressedCopies(raw);
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
        pruneCache();
      },
    },
  };
}
