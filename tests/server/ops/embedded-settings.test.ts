import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SETTINGS, startPglite, templateDir } from '../../../src/server/db/pglite';
import { loadPgliteTemplate } from '../../helpers/pglite-template';

/** SHOW of every setting the embedded database is started with. */
async function showSettings(client: PGlite): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(EMBEDDED_SETTINGS)) {
    const { rows } = await client.query<Record<string, string>>(`show ${name}`);
    shown[name] = rows[0]![name]!;
  }
  return shown;
}

/**
 * The embedded database is started for a small footprint (src/server/db/pglite.ts): stock
 * PostgreSQL sizes kept the idle hub near 510 MB. These settings must be in effect however the
 * database starts — a new directory, one that exists, or memory.
 */
describe('the embedded database runs with its small-footprint settings', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hub-settings-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('chose small sizes, not PostgreSQL defaults', () => {
    expect(EMBEDDED_SETTINGS).toMatchObject({ shared_buffers: '16MB', max_connections: '8' });
  });

  it('in a new directory, and again once it exists', async () => {
    const dir = path.join(root, 'pglite');
    const created = await startPglite(dir);
    try {
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      expect(await showSettings(created)).toEqual(EMBEDDED_SETTINGS);
      await created.exec('create table kept (id int)');
    } finally {
      await created.close();
    }
    const reopened = await startPglite(dir);
    try {
      expect(await showSettings(reopened)).toEqual(EMBEDDED_SETTINGS);
      // The same database, not a new one made over it.
      const { rows } = await reopened.query<{ n: number }>('select count(*)::int as n from kept');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await reopened.close();
    }
  });

  it('in a new directory copied from the template its setup SQL made (the hub passes its migrations), made once', async () => {
    // A setup of its own: a template no other test or start shares, removed at the end.
    const setup = `create table from_template (n int); insert into from_template values (${process.pid})`;
    const template = templateDir(setup);
    try {
      const first = await startPglite(path.join(root, 'first'), undefined, setup);
      try {
        expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
        await first.exec('insert into from_template values (0)');
      } finally {
        await first.close();
      }
      const second = await startPglite(path.join(root, 'second'), undefined, setup);
      try {
        expect(await showSettings(second)).toEqual(EMBEDDED_SETTINGS);
        // The template's row, and not what the first directory wrote: a copy each.
        const { rows } = await second.query<{ n: number }>('select n from from_template');
        expect(rows).toEqual([{ n: process.pid }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(template, { recursive: true, force: true });
    }
  });

  it('in memory, from the test template', async () => {
    const client = await startPglite('memory://', await loadPgliteTemplate());
    try {
      expect(await showSettings(client)).toEqual(EMBEDDED_SETTINGS);
    } finally {
      await client.close();
    }
  });
});
