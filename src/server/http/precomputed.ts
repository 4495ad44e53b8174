import { createHash } from 'node:crypto';

/** A document served as the same bytes until what it is made of changes. */
export interface PrecomputedDocument {
  body: string;
  /** Strong validator over the bytes. */
  etag: string;
  /** content-type, cache-control, etag and CORS: everything the answer carries besides the hub-wide headers. */
  headers: Record<string, string>;
}

/** Bytes, validator and caching headers of a public document any origin may read. */
export function precompute(body: string, contentType: string, maxAgeS: number): PrecomputedDocument {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    body,
    etag,
    headers: {
      'content-type': contentType,
      'cache-control': `public, max-age=${maxAgeS}`,
      etag,
      'access-control-allow-origin': '*',
    },
  };
}

/** RFC 9110 §13.1.2: If-None-Match matches on the weak comparison (W/ ignored), or `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  for (const tag of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const t = tag.trim();
    if (t === '*' || t.replace(/^W\//, '') === bare) return true;
  }
  return false;
}
