import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { cachedCopyFiles, compressedCopies } from '../../scripts/precompress';

/** Text like a chunk's: compressible, and new to the cache in every run. */
function asset(): Buffer {
  return Buffer.from(`/* ${randomBytes(16).toString('hex')} */\n${'export const screen = "dashboard";\n'.repeat(400)}`);
}

it('the build compresses an asset once and takes the same copies from the cache the next time', async () => {
  const raw = asset();
  const made = await compressedCopies(raw);
  expect(brotliDecompressSync(made.br).equals(raw)).toBe(true);
  expect(gunzipSync(made.gz).equals(raw)).toBe(true);
  expect(made.gz.length).toBeLessThan(raw.length);
  const files = cachedCopyFiles(raw);
  expect(readFileSync(files.br).equals(made.br)).toBe(true);
  expect(readFileSync(files.gz).equals(made.gz)).toBe(true);
  const again = await compressedCopies(raw);
  expect(again.br.equals(made.br) && again.gz.equals(made.gz)).toBe(true);
});

it('a copy planted in the shared cache is never shipped: it must decompress to the very asset', async () => {
  const raw = asset();
  const files = cachedCopyFiles(raw);
  mkdirSync(path.dirname(files.br), { recursive: true });
  // Valid compressed data, of other bytes: what someone with write access to the temporary directory could leave.
  const planted = Buffer.from('alert("planted")');
  writeFileSync(files.br, brotliCompressSync(planted));
  writeFileSync(files.gz, gzipSync(planted));
  const copies = await compressedCopies(raw);
  expect(brotliDecompressSync(copies.br).equals(raw)).toBe(true);
  expect(gunzipSync(copies.gz).equals(raw)).toBe(true);
  // The cache holds the right copies again.
  expect(gunzipSync(readFileSync(files.gz)).equals(raw)).toBe(true);
  // Garbage is a miss too, not a failed build.
  writeFileSync(files.br, 'not brotli');
  expect(brotliDecompressSync((await compressedCopies(raw)).br).equals(raw)).toBe(true);
  // So is a bomb: decompressing stops one byte past the asset's length.
  writeFileSync(files.gz, gzipSync(Buffer.alloc(raw.length * 1000)));
  expect(gunzipSync((await compressedCopies(raw)).gz).equals(raw)).toBe(true);
});
