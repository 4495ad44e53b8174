import { counterKey } from '../auth/counter-key';
import type { AuditActorFields } from '../audit/record';
import type { Actor } from '../actor';
import { Refusal } from '../errors';
import type { CleanupCounts, SetupResult } from '../../shared/api/setup';
import { randomInt } from 'node:crypto';
import type { Hub } from '../hub';
import { deleteAllAccounts } from './setup-queries';
import { checkPassword } from '../../shared/password-policy';
import { isCommonPassword } from '../../shared/auth-common-passwords';
import { hashPassword } from '../auth/passwords';
import { findUserByEmail, insertUserWithRoles } from '../auth/user-queries';
import { normalizeEmail } from '../auth/sign-in';
import { countedAttempt } from '../auth/counted-attempt';
import { verifySetupKey } from './setup-key';
import { clearAuditLog } from '../audit/retention';

/** Default system administrator accounts (override per call or with `--emails`). */
export const DEFAULT_SYSTEM_ADMIN_EMAILS = [
  'sysadmin1@ecosystem-hub.local',
  'sysadmin2@ecosystem-hub.local',
  'sysadmin3@ecosystem-hub.local',
] as const;

const SYSTEM_ADMIN_ROLES = ['user', 'platform_admin', 'super_admin'];

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'];

/** A random 20-character password that passes the whole policy (regenerated until it does). */
export function generateAdminPassword(): string {
  const all = ALPHABETS.join('');
  for (;;) {
    const chars = ALPHABETS.map((a) => a[randomInt(a.length)]);
    while (chars.length < 20) chars.push(all[randomInt(all.length)]);
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join('');
    if (checkPassword(password).valid && !isCommonPassword(password)) return password;
  }
}

/**
 * Wrong or missing key: 403, audited by the error hook, nothing changed. Attempts are counted
 * per client address by the sign-in counter (issue 11 finding 10): the failure that reaches the
 * threshold blocks that address (429 + Retry-After), and during a block the key is not checked.
 */
export async function requireSetupKey(
  hub: Hub,
  actor: Pick<Actor, 'ipAddress' | 'audit'>,
  key: string | undefined,
  operation: string,
): Promise<void> {
  const invalid = { type: 'setup_key_invalid' as const, ...actor.audit, details: { operation } };
  // No key is no guess: refused (and audited) without spending an attempt.
  if (!key) throw new Refusal('invalid_setup_key', { audit: invalid });
  const blocked = (blockedUntil: Date) => ({
    type: 'setup_key_blocked' as const,
    ...actor.audit,
    details: { operation, blocked_until: blockedUntil.toISOString() },
  });
  await countedAttempt(hub, {
    key: counterKey(hub.config.masterKey!, 'setup-key', actor.ipAddress ?? 'unknown'),
    verify: async () => ((await verifySetupKey(hub, key)) ? null : 'wrong_key'),
    events: { refusedBlocked: blocked, failed: () => invalid, blockStarted: (_failures, until) => blocked(until) },
    wrong: { code: 'invalid_setup_key', tellsRemaining: false },
    clear: 'now',
  });
}

/**
 * Creates the system administrator accounts (super_admin, platform_admin and user roles),
 * each with a generated password returned exactly once. An email that already has an account
 * is reported as `exists` and left untouched, so running it twice changes nothing.
 */
export async function createSystemAdmins(hub: Hub, emails: readonly string[], actor: AuditActorFields = {}) {
  const results: SetupResult[] = [];
  for (const raw of emails) {
    const email = normalizeEmail(raw);
    try {
      if (await findUserByEmail(hub.db, email)) {
        results.push({ email, status: 'exists' });
        continue;
      }
      const password = generateAdminPassword();
      const passwordHash = await hashPassword(password);
      const now = hub.clock();
      const user = await insertUserWithRoles(
        hub.db,
        { email, passwordHash, fullName: 'System Administrator', createdAt: now, updatedAt: now, emailVerifiedAt: now },
        SYSTEM_ADMIN_ROLES,
        null,
      );
      results.push(user ? { email, status: 'created', password } : { email, status: 'exists' });
    } catch (error) {
      results.push({
        email,
        status: 'error',
        error: error instanceof Error ? error.message : 'Failed to create account',
      });
    }
  }
  await hub.audit.record({
    type: 'setup_admins_created',
    ...actor,
    // Never the passwords: only who and what happened.
    details: { results: results.map(({ email, status, error }) => ({ email, status, ...(error ? { error } : {}) })) },
  });
  return { results };
}

/**
 * Deletes every user, role assignment, session and audit row in one transaction, answers the
 * counts in the spec's `cleared` shape, then records one audit event of the wipe (the first
 * link of the new chain).
 */
export async function cleanupAllUsers(hub: Hub, actor: AuditActorFields = {}) {
  const cleared = await hub.db.transaction(async (tx) => {
    const { roleAssignments, sessions, users } = await deleteAllAccounts(tx);
    // Under the chain's anchor lock, which moves the chain's base to its head (audit/retention.ts).
    const auditLogs = await clearAuditLog(hub, tx);
    // Every node's caches drop the sessions that went with the users (no id left to name).
    await hub.revocations.publish({ kind: 'all-sessions' }, tx);
    return {
      auth_users: users,
      platform_users: users,
      role_assignments: roleAssignments,
      sessions,
      audit_logs: auditLogs,
    } satisfies CleanupCounts;
  });
  await hub.audit.record({
    type: 'setup_cleanup',
    ...actor,
    details: { cleared },
  });
  return { cleared };
}
