import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configDeprecations, loadConfig } from '../../src/server/config';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 168,
      auditRetentionDays: 365,
    });
  });

  it('derives the public URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HUB_PUBLIC_URL: 'https://hub.example.com/' }).publicUrl).toBe('https://hub.example.com');
  });

  it.each([
    [{ DATABASE_URL: 'postgres://x@h/db' }, /^DATABASE_URL is set but HUB_MASTER_KEY is missing/],
    [{ PORT: 'abc' }, /^PORT /],
    [{ PORT: '70000' }, /^PORT /],
    [{ HUB_PUBLIC_URL: 'ftp://x' }, /^HUB_PUBLIC_URL /],
    [{ DATABASE_URL: 'mysql://x', HUB_MASTER_KEY: KEY }, /^DATABASE_URL must start with postgres/],
    [{ HUB_MASTER_KEY: 'c2hvcnQ=' }, /^HUB_MASTER_KEY must be 32 bytes/],
    [{ HUB_SESSION_IDLE_MINUTES: '-5' }, /^HUB_SESSION_IDLE_MINUTES /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads one outbound setting, the two old names as deprecated aliases of it', () => {
    expect(loadConfig({}).outboundAllowPrivate).toBe(false);
    expect(loadConfig({ HUB_OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ HUB_WEBHOOKS_ALLOW_PRIVATE: '1' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ HUB_OAUTH_JWKS_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    // The new name wins over an old one.
    expect(
      loadConfig({ HUB_OUTBOUND_ALLOW_PRIVATE: 'false', HUB_WEBHOOKS_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate,
    ).toBe(false);
    expect(configDeprecations({ HUB_OUTBOUND_ALLOW_PRIVATE: 'true' })).toEqual([]);
    expect(configDeprecations({ HUB_WEBHOOKS_ALLOW_PRIVATE: 'true', HUB_OAUTH_JWKS_ALLOW_PRIVATE: '' })).toEqual([
      'HUB_WEBHOOKS_ALLOW_PRIVATE is deprecated: it is read as HUB_OUTBOUND_ALLOW_PRIVATE, which governs every outbound call; rename it.',
    ]);
    expect(() => loadConfig({ HUB_OUTBOUND_ALLOW_PRIVATE: 'yes' })).toThrow(/^HUB_OUTBOUND_ALLOW_PRIVATE /);
  });

  it('accepts PostgreSQL with a master key', () => {
    const c = loadConfig({ DATABASE_URL: 'postgresql://u@h:5432/db', HUB_MASTER_KEY: KEY });
    expect(c.databaseUrl).toBe('postgresql://u@h:5432/db');
    expect(c.masterKey?.length).toBe(32);
  });

  it('the server process exits non-zero with a one-line message on bad configuration', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    // Waits for the process to end, with no deadline of its own: on a busy machine starting tsx
    // and importing the server took longer than the 30 s this once allowed (the test's timeout is
    // the watchdog; a synchronous spawn would have blocked it).
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).not.toBe(0);
    const lines = stderr
      .trim()
      .split('\n')
      .filter((l) => !/ExperimentalWarning|--trace-warnings|^\(node/.test(l));
    expect(lines).toEqual([
      expect.stringMatching(/^Configuration error: DATABASE_URL is set but HUB_MASTER_KEY is missing/),
    ]);
  });
});
