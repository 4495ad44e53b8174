import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES, createTestHub, type TestHub } from '../helpers/test-hub';
import { rows } from '../../src/server/db/client';

describe.each(TEST_DATABASES)('server core [%s]', (kind) => {
  let t: TestHub;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    t = await createTestHub(kind, { config: { logLevel: 'info' }, logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies every migration: all tables of the data model exist', async () => {
    const found = await rows<{ table_name: string }>(
      t.hub.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = found.map((r) => r.table_name);
    for (const table of [
      'platform_users',
      'platform_role_assignments',
      'oauth_clients',
      'auth_sessions',
      'oauth_authorization_codes',
      'signing_keys',
      'admin_action_approvals',
      'audit_logs',
      'sign_in_attempts',
      'hub_settings',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('GET /api/health answers ok when the database answers', async () => {
    const res = await t.client.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('unknown API paths answer 404 in the JSON error shape', async () => {
    for (const url of ['/api/nope', '/.well-known/nope']) {
      const res = await t.client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', message: expect.any(String) } });
    }
    // Under /oauth/ relying parties parse RFC 6749 §5.2 errors only (issue 12).
    const oauth = await t.client.get('/oauth/nope');
    expect(oauth.statusCode).toBe(404);
    expect(oauth.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('refuses state-changing API calls without the CSRF header or own Origin', async () => {
    const cross = await t.client.post('/api/health', { headers: { origin: 'https://evil.example' }, body: {} });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('csrf_failed');
    const own = await t.client.post('/api/health', { headers: { origin: 'http://localhost:3000' }, body: {} });
    expect(own.statusCode).toBe(404);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413, in the error shape', async () => {
    const bad = await t.client.post('/api/nope', {
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_json');
    const big = await t.client.post('/api/nope', {
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('sends the CSP and the intended security headers on every response, without HSTS over http', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.client.get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("font-src 'self'");
      expect(csp).not.toMatch(/fonts\.googleapis|gstatic/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('never logs cookies, authorization headers or sensitive query values', async () => {
    logLines.length = 0;
    await t.client.get('/api/health?token=SECRET-TOKEN-VALUE&page=2', {
      cookie: 'hub_session=SECRET-COOKIE-VALUE',
      headers: { authorization: 'Bearer SECRET-BEARER-VALUE' },
    });
    const all = logLines.join('\n');
    expect(all).toContain('/api/health');
    expect(all).toContain('page=2');
    expect(all).not.toContain('SECRET-TOKEN-VALUE');
    expect(all).not.toContain('SECRET-COOKIE-VALUE');
    expect(all).not.toContain('SECRET-BEARER-VALUE');
  });

  it('GET /api/health answers 503 in the error shape when the database is gone', async () => {
    const other = await createTestHub(kind);
    await other.hub.database.close();
    const res = await other.client.get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', error: { code: 'database_unavailable' } });
    await other.close();
  });
});
