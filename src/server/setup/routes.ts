import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { Refusal } from '../errors';
import type { Actor } from '../actor';
import { apiErrors, contracts } from '../http/contract';
import {
  cleanupResultSchema,
  setupKeyBodySchema,
  systemAdminsBodySchema,
  systemAdminsResultSchema,
} from '../../shared/api/setup';
import { verifySetupKey } from './setup-key';
import { blockedRefusal } from '../auth/sign-in';
import { clearAttempts, reserveAttempt } from '../auth/sign-in-limit-queries';
import { DEFAULT_SYSTEM_ADMIN_EMAILS, cleanupAllUsers, createSystemAdmins } from './setup-service';

/** POST /api/setup/system-admins and /api/setup/cleanup (accounts). */
export async function setupRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  /**
   * Wrong or missing key: 403, audited by the error hook, nothing changed. Attempts are counted
   * per client address by the sign-in counter (issue 11 finding 10): the failure that reaches the
   * threshold blocks that address (429 + Retry-After), and during a block the key is not checked.
   */
  async function requireSetupKey(actor: Actor, key: string | undefined, operation: string) {
    // No key is no guess: refused (and audited) without spending an attempt.
    if (!key)
      throw new Refusal('invalid_setup_key', {
        audit: { type: 'setup_key_invalid', ...actor.audit, details: { operation } },
      });
    const counter = `setup-key:${actor.ipAddress ?? 'unknown'}`;
    const now = hub.clock();
    const reservation = await reserveAttempt(hub.db, counter, now);
    if (reservation.blocked) {
      throw blockedRefusal(reservation.blockedUntil ?? now, now, [
        {
          type: 'setup_key_blocked',
          ...actor.audit,
          details: { operation, blocked_until: (reservation.blockedUntil ?? now).toISOString() },
        },
      ]);
    }
    if (await verifySetupKey(hub, key)) {
      await clearAttempts(hub.db, counter);
      return;
    }
    const invalid = { type: 'setup_key_invalid' as const, ...actor.audit, details: { operation } };
    if (reservation.blockedUntil) {
      throw blockedRefusal(reservation.blockedUntil, now, [
        invalid,
        {
          type: 'setup_key_blocked',
          ...actor.audit,
          details: { operation, blocked_until: reservation.blockedUntil.toISOString() },
        },
      ]);
    }
    throw new Refusal('invalid_setup_key', { audit: invalid });
  }

  r.post(
    '/system-admins',
    { schema: { body: systemAdminsBodySchema, response: { 200: systemAdminsResultSchema, ...apiErrors(403, 429) } } },
    async (request, reply) => {
      const actor = await request.actor();
      await requireSetupKey(actor, request.body.confirmation_key, 'create_system_admins');
      reply.header('cache-control', 'no-store');
      return createSystemAdmins(hub, request.body.emails ?? DEFAULT_SYSTEM_ADMIN_EMAILS, actor.audit);
    },
  );

  r.post(
    '/cleanup',
    { schema: { body: setupKeyBodySchema, response: { 200: cleanupResultSchema, ...apiErrors(403, 429) } } },
    async (request) => {
      const actor = await request.actor();
      await requireSetupKey(actor, request.body.confirmation_key, 'cleanup_all_users');
      return cleanupAllUsers(hub, actor.audit);
    },
  );
}
