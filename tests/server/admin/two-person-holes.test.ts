import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { platformUsers } from '../../../src/server/db/schema/index';
import { useTwoPersonCast, type Person } from './two-person-fixtures';

/**
 * Issue 32, "Two-person rule holes": (1) the approval queue offered every other administrator
 * the Approve action, though the rule refuses admins whose role the requester granted or who were
 * promoted after the request; (2) deleting the granter's account emptied `granted_by`, and a role
 * granted by nobody counts as independent. The queue now says per request what THIS admin may do,
 * from the same rule the decision applies; `granted_by` outlives the granter's account.
 */
describe.each(TEST_DATABASES)('two-person rule holes [%s]', (kind) => {
  const t = useTestHub(kind);
  const cast = useTwoPersonCast(t);

  const send = (method: 'POST' | 'PUT', url: string, body: object, cookie: string) =>
    t.client.asBrowser(cookie).request(method, url, { body });
  const get = (url: string, cookie: string) => t.client.get(url, { cookie });

  /** A second account promoted to platform_admin by `granter` (the "sock puppet" of the rule). */
  async function promotedBy(granter: Person, email: string): Promise<Person> {
    const sock = await signedInUser(t.hub, ['user'], { email, mfa: true });
    const res = await send(
      'PUT',
      `/api/admin/users/${sock.user.id}/roles`,
      { roles: ['user', 'platform_admin'] },
      granter.cookie,
    );
    expect(res.statusCode).toBe(200);
    return sock;
  }

  async function requestBy(requester: Person): Promise<string> {
    const res = await send(
      'POST',
      '/api/admin/credential-requests',
      { mode: 'standard', app_id: cast.appId, credential_type: 'api_key', justification: 'Rotating the partner key' },
      requester.cookie,
    );
    expect(res.statusCode).toBe(201);
    return res.json().request.id;
  }

  async function queueEntryFor(viewer: Person, requestId: string) {
    const res = await get('/api/admin/credential-requests?scope=pending', viewer.cookie);
    expect(res.statusCode).toBe(200);
    return res.json().requests.find((r: { id: string }) => r.id === requestId);
  }

  it('the queue offers Approve only to admins the rule lets approve, and the decision agrees with it', async () => {
    const sock = await promotedBy(cast.pat, 'pat.second@hub.test');
    t.clock.advanceMinutes(1);
    const id = await requestBy(cast.pat);
    t.clock.advanceMinutes(1);
    const late = await promotedBy(cast.superAdmin, 'late@hub.test');

    // What each administrator is offered, then what the server does when each one tries.
    expect(await queueEntryFor(cast.pat, id)).toMatchObject({ can_decide: false, can_approve: false });
    expect(await queueEntryFor(sock, id)).toMatchObject({ can_decide: true, can_approve: false });
    expect(await queueEntryFor(late, id)).toMatchObject({ can_decide: true, can_approve: false });
    expect(await queueEntryFor(cast.independent, id)).toMatchObject({ can_decide: true, can_approve: true });

    for (const refused of [sock, late]) {
      const res = await send('POST', `/api/admin/credential-requests/${id}/approve`, {}, refused.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('approver_not_independent');
    }
    const ok = await send('POST', `/api/admin/credential-requests/${id}/approve`, {}, cast.independent.cookie);
    expect(ok.statusCode).toBe(200);
    // The decision's own answer uses the same rule: a decided request offers nothing.
    expect(ok.json().request).toMatchObject({ status: 'approved', can_decide: false, can_approve: false });
  });

  it('an admin the rule does not count as cast.independent is still offered Deny, and may deny', async () => {
    const sock = await promotedBy(cast.pat, 'pat.third@hub.test');
    t.clock.advanceMinutes(1);
    const id = await requestBy(cast.pat);
    expect(await queueEntryFor(sock, id)).toMatchObject({ can_decide: true, can_approve: false });
    const denied = await send('POST', `/api/admin/credential-requests/${id}/deny`, {}, sock.cookie);
    expect(denied.statusCode).toBe(200);
    expect(denied.json().request.status).toBe('denied');
  });

  it("deleting the granter's account keeps who granted the role: it does not become 'granted by nobody'", async () => {
    const dana = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'dana@hub.test' });
    const sock = await promotedBy(dana, 'dana.second@hub.test');
    await t.hub.db.delete(platformUsers).where(eq(platformUsers.id, dana.user.id));

    const res = await get(`/api/admin/users/${sock.user.id}/roles`, cast.superAdmin.cookie);
    expect(res.statusCode).toBe(200);
    const admin = res.json().roles.find((r: { role: string }) => r.role === 'platform_admin');
    expect(admin).toMatchObject({ is_active: true, granted_by: dana.user.id });
    const [stored] = await rows<{ granted_by: string | null }>(
      t.hub.db,
      sql`select granted_by::text from platform_role_assignments
           where user_id = ${sock.user.id}::uuid and role = 'platform_admin'`,
    );
    expect(stored.granted_by).toBe(dana.user.id);
  });
});
