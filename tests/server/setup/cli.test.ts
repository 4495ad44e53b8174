import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser } from '../../helpers/fixtures';
import { SETUP_COMMANDS } from '../../../src/server/cli/setup';
import { COMMANDS } from '../../../src/server/cli/commands';
import { rows } from '../../../src/server/db/client';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('setup CLI commands [%s]', (kind) => {
  const t = useTestHub(kind);
  afterAll(async () => {
    vi.restoreAllMocks();
  });

  const command = (name: string) => SETUP_COMMANDS.find((c) => c.name === name)!;
  const users = async () =>
    Number((await rows<{ n: number }>(t.hub.db, sql`select count(*)::int as n from platform_users`))[0].n);

  it('is registered with the operator CLI', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['setup create-admins', 'setup cleanup']));
  });

  it('create-admins prints each account and password once; a re-run reports exists', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    expect(await command('setup create-admins').run(t.hub, ['--emails', 'a.one@example.test,a.two@example.test'])).toBe(
      0,
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^a\.one@example\.test\tcreated\tpassword: \S{20}$/);
    lines.length = 0;
    await command('setup create-admins').run(t.hub, ['--emails', 'a.one@example.test,a.two@example.test']);
    expect(lines).toEqual(['a.one@example.test\texists', 'a.two@example.test\texists']);
    spy.mockRestore();
  });

  it('cleanup refuses without --yes and wipes with it', async () => {
    await createUser(t.hub);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const before = await users();
    expect(before).toBeGreaterThan(0);
    expect(await command('setup cleanup').run(t.hub, [])).toBe(2);
    expect(await users()).toBe(before);
    expect(await command('setup cleanup').run(t.hub, ['--yes'])).toBe(0);
    expect(await users()).toBe(0);
    expect(JSON.parse(String(log.mock.calls.at(-1)?.[0])).cleared.platform_users).toBe(before);
    err.mockRestore();
    log.mockRestore();
  });
});
