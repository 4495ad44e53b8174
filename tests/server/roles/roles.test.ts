import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser, createUser } from '../../helpers/fixtures';
import { auditLogs, platformRoleAssignments } from '../../../src/server/db/schema/index';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('role assignment (spec §4, DESIGN §6) [%s]', (kind) => {
  const t = useTestHub(kind);

  const put = (cookie: string, id: string, roles: unknown) =>
    t.client.asBrowser(cookie).put(`/api/admin/users/${id}/roles`, { body: { roles } });
  const get = (cookie: string, id: string) => t.client.get(`/api/admin/users/${id}/roles`, { cookie });
  const assignments = (userId: string) =>
    t.hub.db.select().from(platformRoleAssignments).where(eq(platformRoleAssignments.userId, userId));

  it('toggles: grants with granted_by, deactivates, reactivates the same row, leaves unchanged roles untouched', async () => {
    const admin = await signedInUser(t.hub, ['user', 'platform_admin']);
    const target = await createUser(t.hub, { roles: ['user'] });
    const [userRow] = await assignments(target.id);

    t.clock.advanceMinutes(1);
    const granted = await put(admin.cookie, target.id, ['user', 'platform_admin']);
    expect(granted.statusCode).toBe(200);
    const list = granted.json().roles;
    expect(list.find((r: { role: string }) => r.role === 'platform_admin')).toMatchObject({
      is_active: true,
      granted_by: admin.user.id,
      expires_at: null,
    });
    const times = list.map((r: { granted_at: string }) => Date.parse(r.granted_at));
    expect(times).toEqual([...times].sort((a, b) => b - a)); // newest granted first
    const [userAfter] = (await assignments(target.id)).filter((a) => a.role === 'user');
    expect(userAfter).toEqual(userRow); // untouched

    const off = await put(admin.cookie, target.id, ['user']);
    expect(off.json().roles.find((r: { role: string }) => r.role === 'platform_admin').is_active).toBe(false);
    const pa = (await assignments(target.id)).find((a) => a.role === 'platform_admin')!;
    const on = await put(admin.cookie, target.id, ['user', 'platform_admin']);
    expect(on.statusCode).toBe(200);
    const rows = await assignments(target.id);
    expect(rows).toHaveLength(2); // re-activated, not inserted
    expect(rows.find((a) => a.role === 'platform_admin')).toMatchObject({ id: pa.id, isActive: true });

    const fetched = await get(admin.cookie, target.id);
    expect(fetched.json()).toEqual(on.json());
    const events = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.userId, admin.user.id));
    expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(['role_granted', 'role_revoked']));

    // The target's session now reports the admin flag, computed on the server.
    const targetSession = await signedInUser(t.hub, ['user']);
    await put(admin.cookie, targetSession.user.id, ['user', 'platform_admin']);
    const s = await t.client.get('/api/auth/session', { cookie: targetSession.cookie });
    expect(s.json().is_ecosystem_admin).toBe(true);
  });

  it('a platform_admin granting or revoking super_admin gets 403, a high role_escalation_attempt event, and nothing changes', async () => {
    const admin = await signedInUser(t.hub, ['user', 'platform_admin']);
    const target = await createUser(t.hub, { roles: ['user'] });
    const sup = await createUser(t.hub, { roles: ['user', 'super_admin'] });
    const before = await assignments(target.id);

    const grant = await put(admin.cookie, target.id, ['user', 'super_admin']);
    expect(grant.statusCode).toBe(403);
    expect(await assignments(target.id)).toEqual(before);
    const revoke = await put(admin.cookie, sup.id, ['user']);
    expect(revoke.statusCode).toBe(403);
    expect((await assignments(sup.id)).find((a) => a.role === 'super_admin')!.isActive).toBe(true);

    const events = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'role_escalation_attempt'), eq(auditLogs.userId, admin.user.id)));
    expect(events).toHaveLength(2);
    expect(events[0].severity).toBe('high');
  });

  it('a super_admin grants super_admin; the last active super_admin cannot lose it', async () => {
    // Start from a state where exactly one super admin exists.
    await t.hub.db
      .update(platformRoleAssignments)
      .set({ isActive: false })
      .where(eq(platformRoleAssignments.role, 'super_admin'));
    const sup = await signedInUser(t.hub, ['user', 'super_admin']);
    const last = await put(sup.cookie, sup.user.id, ['user']);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_super_admin');

    const other = await createUser(t.hub, { roles: ['user'] });
    expect((await put(sup.cookie, other.id, ['user', 'super_admin'])).statusCode).toBe(200);
    // Now there are two: one may step down.
    expect((await put(sup.cookie, sup.user.id, ['user'])).statusCode).toBe(200);
  });

  it('non-admins get 403 and signed-out callers 401', async () => {
    const plain = await signedInUser(t.hub, ['user']);
    const target = await createUser(t.hub);
    expect((await put(plain.cookie, target.id, ['user', 'platform_admin'])).statusCode).toBe(403);
    expect((await get('hub_session=none', target.id)).statusCode).toBe(401);
    expect((await assignments(target.id)).map((a) => a.role)).toEqual(['user']);
  });
});
