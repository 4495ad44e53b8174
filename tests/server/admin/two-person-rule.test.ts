import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { useTestHub } from '../../helpers/use-test-hub';
import { useTwoPersonCast } from './two-person-fixtures';

/**
 * Issue 11 finding 8: the approver of a credential request must be independent of the requester
 * — not the requester, not given their admin role by the requester, and holding that role since
 * before the request was made. Every refusal is audited with both people.
 */
describe.each(TEST_DATABASES)('two-person rule for credential requests [%s]', (kind) => {
  const t = useTestHub(kind);
  const cast = useTwoPersonCast(t);

  async function requestBy(cookie: string): Promise<string> {
    const res = await t.client.asBrowser(cookie).post('/api/admin/credential-requests', {
      body: {
        mode: 'standard',
        app_id: cast.appId,
        credential_type: 'api_key',
        justification: 'Rotating the webhook integration',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().request.id;
  }

  const refusalsOf = (requestId: string) =>
    rows<{ user_id: string; details: Record<string, unknown> }>(
      t.hub.db,
      sql`select user_id::text, details from audit_logs
           where event_type = 'permission_denied' and details->>'request_id' = ${requestId} order by id`,
    );
  const statusOf = async (requestId: string) =>
    (
      await rows<{ status: string }>(t.hub.db, sql`select status from admin_action_approvals where id = ${requestId}`)
    )[0].status;

  it('a platform_admin who promotes a second account they control cannot approve their own request with it', async () => {
    const sock = await signedInUser(t.hub, ['user'], { email: 'pat.second@hub.test', mfa: true });
    const promoted = await t.client
      .asBrowser(cast.pat.cookie)
      .put(`/api/admin/users/${sock.user.id}/roles`, { body: { roles: ['user', 'platform_admin'] } });
    expect(promoted.statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    const id = await requestBy(cast.pat.cookie);
    t.clock.advanceMinutes(1);

    const res = await t.client
      .asBrowser(sock.cookie)
      .post(`/api/admin/credential-requests/${id}/approve`, { body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('approver_not_independent');
    expect(await statusOf(id)).toBe('pending');
    expect(await refusalsOf(id)).toEqual([
      {
        user_id: sock.user.id,
        details: expect.objectContaining({
          action: 'approver_not_independent',
          request_id: id,
          requesting_user_id: cast.pat.user.id,
        }),
      },
    ]);

    // An admin whose role the requester did not grant, held before the request, may approve;
    // the grant's record names both people.
    const ok = await t.client
      .asBrowser(cast.independent.cookie)
      .post(`/api/admin/credential-requests/${id}/approve`, { body: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().request.status).toBe('approved');
    const [granted] = await rows<{ user_id: string; details: Record<string, unknown> }>(
      t.hub.db,
      sql`select user_id::text, details from audit_logs
           where event_type = 'credential_access_granted' and details->>'request_id' = ${id}`,
    );
    expect(granted.user_id).toBe(cast.independent.user.id);
    expect(granted.details).toMatchObject({
      requesting_user_id: cast.pat.user.id,
      approved_by: cast.independent.user.id,
    });
  });

  it('an admin role granted after the request was made does not qualify, whoever granted it', async () => {
    const id = await requestBy(cast.pat.cookie);
    t.clock.advanceMinutes(1);
    const late = await signedInUser(t.hub, ['user'], { email: 'late@hub.test', mfa: true });
    const promoted = await t.client
      .asBrowser(cast.superAdmin.cookie)
      .put(`/api/admin/users/${late.user.id}/roles`, { body: { roles: ['user', 'platform_admin'] } });
    expect(promoted.statusCode).toBe(200);

    const res = await t.client
      .asBrowser(late.cookie)
      .post(`/api/admin/credential-requests/${id}/approve`, { body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('approver_not_independent');
    expect(await statusOf(id)).toBe('pending');
    expect((await refusalsOf(id)).map((r) => r.user_id)).toEqual([late.user.id]);
  });

  it('a role the requester switched back on does not qualify either (the assignment carries its latest grant)', async () => {
    // Robin's platform_admin is revoked by the super admin and switched back on by Pat.
    const other = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'robin@hub.test' });
    t.clock.advanceMinutes(1);
    expect(
      (
        await t.client
          .asBrowser(cast.superAdmin.cookie)
          .put(`/api/admin/users/${other.user.id}/roles`, { body: { roles: ['user'] } })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.client
          .asBrowser(cast.pat.cookie)
          .put(`/api/admin/users/${other.user.id}/roles`, { body: { roles: ['user', 'platform_admin'] } })
      ).statusCode,
    ).toBe(200);
    t.clock.advanceMinutes(1);
    const id = await requestBy(cast.pat.cookie);
    const res = await t.client
      .asBrowser(other.cookie)
      .post(`/api/admin/credential-requests/${id}/approve`, { body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('approver_not_independent');
    // Denying is not a grant: anyone but the requester may still deny.
    expect(
      (await t.client.asBrowser(other.cookie).post(`/api/admin/credential-requests/${id}/deny`, { body: {} }))
        .statusCode,
    ).toBe(200);
  });
});
