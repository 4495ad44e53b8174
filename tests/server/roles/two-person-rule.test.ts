import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES, createTestHub, type TestHub } from '../../helpers/test-hub';
import { createUser } from '../../helpers/fixtures';
import { platformRoleAssignments, platformUsers } from '../../../src/server/db/schema/index';
import { listAssignments } from '../../../src/server/roles/queries';
import { refuseDecision, type Approver, type Decision } from '../../../src/server/roles/two-person-rule';

/**
 * The two-person rule, one row per case: the decision endpoints refuse with it and the approval
 * queue offers what it allows (tests/server/admin/two-person-holes.test.ts checks they agree).
 */
const NOW = new Date('2026-11-26T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const REQUEST = { requesterId: 'pat', createdAt: minutes(-10) };

const role = (over: Partial<Approver['assignments'][number]> = {}): Approver['assignments'][number] => ({
  role: 'platform_admin',
  isActive: true,
  expiresAt: null,
  grantedBy: null,
  grantedAt: minutes(-60),
  ...over,
});

const cases: [string, Approver, Decision, ReturnType<typeof refuseDecision>][] = [
  ['the requester approving', { userId: 'pat', assignments: [role()] }, 'approved', 'self_approval'],
  ['the requester denying', { userId: 'pat', assignments: [role()] }, 'denied', 'self_approval'],
  ['an admin granted by nobody before the request', { userId: 'q', assignments: [role()] }, 'approved', null],
  [
    'a super admin granted by someone else',
    { userId: 'q', assignments: [role({ role: 'super_admin', grantedBy: 'root' })] },
    'approved',
    null,
  ],
  [
    'an admin granted by the requester',
    { userId: 'q', assignments: [role({ grantedBy: 'pat' })] },
    'approved',
    'approver_not_independent',
  ],
  [
    'an admin granted after the request',
    { userId: 'q', assignments: [role({ grantedAt: minutes(-5) })] },
    'approved',
    'approver_not_independent',
  ],
  [
    'an admin granted at the instant of the request',
    { userId: 'q', assignments: [role({ grantedAt: REQUEST.createdAt })] },
    'approved',
    null,
  ],
  [
    'an inactive admin role',
    { userId: 'q', assignments: [role({ isActive: false })] },
    'approved',
    'approver_not_independent',
  ],
  [
    'an expired admin role',
    { userId: 'q', assignments: [role({ expiresAt: minutes(-1) })] },
    'approved',
    'approver_not_independent',
  ],
  [
    'a plain user role only',
    { userId: 'q', assignments: [role({ role: 'user' })] },
    'approved',
    'approver_not_independent',
  ],
  [
    'one dependent and one independent role',
    { userId: 'q', assignments: [role({ grantedBy: 'pat' }), role({ role: 'super_admin' })] },
    'approved',
    null,
  ],
  [
    'an admin granted by the requester denying',
    { userId: 'q', assignments: [role({ grantedBy: 'pat' })] },
    'denied',
    null,
  ],
];

describe('two-person rule (refuseDecision)', () => {
  it.each(cases)('%s', (_name, approver, decision, expected) => {
    expect(refuseDecision(approver, REQUEST, decision, NOW)).toBe(expected);
  });
});

describe.each(TEST_DATABASES)("two-person rule on stored roles after the granter's account is deleted [%s]", (kind) => {
  let t: TestHub;
  beforeAll(async () => {
    t = await createTestHub(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a role the deleted requester granted still does not count as independent of them', async () => {
    const now = t.clock.now();
    const pat = await createUser(t.hub, { roles: ['user', 'platform_admin'] });
    const sock = await createUser(t.hub, { roles: ['user'] });
    await t.hub.db.insert(platformRoleAssignments).values({
      userId: sock.id,
      role: 'platform_admin',
      grantedBy: pat.id,
      grantedAt: new Date(now.getTime() - 60_000),
    });
    await t.hub.db.delete(platformUsers).where(eq(platformUsers.id, pat.id));

    const approver = { userId: sock.id, assignments: await listAssignments(t.hub.db, sock.id) };
    const request = { requesterId: pat.id, createdAt: now };
    expect(refuseDecision(approver, request, 'approved', now)).toBe('approver_not_independent');
  });
});
