import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import type { AuditActorFields } from '../audit/record';
import { hasSupportPermission, isEcosystemAdminRoles } from '../../shared/roles';
import { findEffectiveRoles, listAssignments } from '../roles/queries';
import { refuseDecision, type Decision } from '../roles/two-person-rule';
import { findUserById } from '../auth/user-queries';
import { createBrowserSession, revokeSession, resolveBrowserSession, type BrowserAuth } from '../auth/sessions';
import { findSessionWithUserByHash } from '../auth/session-queries';
import { sha256Hex } from '../crypto/tokens';
import { parseAct } from '../oauth/act';
import type { Mailer } from '../auth/mailer';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';
import {
  decideRequest,
  IMPERSONATION_ACTION,
  insertRequest,
  lockRequest,
  useApprovedRequest,
} from './credential-queries';
import { findImpersonationsOf } from './impersonation-queries';

/**
 * "View as this user" (issue 42). An administrator holding `support` starts a browser session of
 * the user whose `act` names the administrator (oauth/act.ts): every token minted from it and
 * every audit row in it carry both identities. At most 60 minutes; an administrator target
 * first needs another administrator's approval (the two-person rule, roles/two-person-rule.ts,
 * through the same admin_action_approvals rows as credential requests). The user's security
 * settings are refused in it (refuseSecuritySettings), the user is told by mail and sees it in
 * their /account activity. DELETE /api/admin/impersonation or expiry returns the browser to the
 * administrator's own session, kept meanwhile in IMPERSONATOR_COOKIE.
 */
export const IMPERSONATOR_COOKIE = 'hub_impersonator';

const ROUTE = '/api/admin/users/:id/impersonation';

function refuse(actor: SignedInActor, targetUserId: string, reason: string, message: string): Refusal {
  return new Refusal('forbidden', {
    message,
    audit: {
      type: 'permission_denied',
      ...actor.audit,
      details: { method: 'POST', route: ROUTE, action: reason, status: 'refused', requesting_user_id: targetUserId },
    },
  });
}

export type ImpersonationStart =
  { pending: { requestId: string } } | { token: string; auth: BrowserAuth; adminToken: string };

/** POST /api/admin/users/:id/impersonation. */
export async function startImpersonation(
  hub: Hub,
  mailer: Mailer,
  actor: SignedInActor,
  adminToken: string,
  targetUserId: string,
  input: { justification: string; minutes: number; request_id?: string },
): Promise<ImpersonationStart> {
  const now = hub.clock();
  if (!hasSupportPermission(actor.roles))
    throw refuse(actor, targetUserId, 'impersonation', 'Viewing as a user needs the support permission.');
  if (actor.auth.session.act)
    throw refuse(actor, targetUserId, 'impersonation', 'End viewing as the current user first.');
  if (targetUserId === actor.userId) throw new HubError('invalid_request', 'You cannot view as yourself.');
  const target = await findUserById(hub.db, targetUserId);
  if (!target || !target.isActive) throw new HubError('not_found', 'User not found.');
  const targetRoles = await findEffectiveRoles(hub.db, target.id, now);
  let approval: { requestId: string; approvedBy: string; minutes: number } | undefined;
  if (isEcosystemAdminRoles(targetRoles)) {
    // The two-person rule: an administrator's account is viewed only with a second administrator's approval.
    if (!input.request_id) {
      const row = await hub.db.transaction(async (tx) => {
        const created = await insertRequest(tx, {
          requestingUserId: actor.userId,
          actionType: IMPERSONATION_ACTION,
          targetUserId: target.id,
          justification: input.justification,
          timeLimitMinutes: input.minutes,
          createdAt: now,
        });
        await hub.audit.record(
          {
            type: 'impersonation_requested',
            ...actor.audit,
            details: {
              target_user_id: target.id,
              request_id: created.id,
              justification: input.justification,
              minutes: input.minutes,
              impersonator_id: actor.userId,
            },
          },
          tx,
        );
        return created;
      });
      return { pending: { requestId: row.id } };
    }
    const req = await lockRequest(hub.db, input.request_id);
    const fits =
      req &&
      req.actionType === IMPERSONATION_ACTION &&
      req.requestingUserId === actor.userId &&
      req.targetUserId === target.id &&
      req.status === 'approved' &&
      req.decidedBy;
    if (!fits) throw refuse(actor, target.id, 'approval_required', 'Another administrator must approve this first.');
    approval = { requestId: req.id, approvedBy: req.decidedBy!, minutes: req.timeLimitMinutes ?? input.minutes };
  }

  // Never longer than what was approved.
  const minutes = approval ? Math.min(input.minutes, approval.minutes) : input.minutes;
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const result = await hub.db.transaction(async (tx) => {
    if (approval && !(await useApprovedRequest(tx, approval.requestId)))
      throw refuse(actor, target.id, 'approval_required', 'This approval was used already.');
    const { token, session } = await createBrowserSession(
      hub,
      {
        userId: target.id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        // The administrator's own proof, not the user's: nothing here is a sign-in of the user.
        amr: actor.auth.session.amr,
        authTime: now,
        act: { sub: actor.userId },
        expiresAt,
      },
      tx,
    );
    await hub.audit.record(
      {
        type: 'impersonation_started',
        ...actor.audit,
        details: {
          target_user_id: target.id,
          impersonator_id: actor.userId,
          justification: input.justification,
          minutes,
          expires_at: expiresAt.toISOString(),
          ...(approval ? { approved_by: approval.approvedBy, request_id: approval.requestId } : {}),
        },
      },
      tx,
    );
    return { token, session };
  });
  // In the user's saved language, else the administrator's request's.
  const mail = composeMail(recipientLocale(target.locale, actor.locale), 'impersonation', {
    name: actor.auth.user.fullName ?? actor.auth.user.email,
    minutes,
    justification: input.justification,
  });
  void mailer.send({ to: target.email, ...mail }).catch(() => undefined);
  return {
    token: result.token,
    adminToken,
    auth: {
      session: result.session,
      user: target,
      roles: targetRoles,
      isEcosystemAdmin: isEcosystemAdminRoles(targetRoles),
      impersonator: { id: actor.userId, email: actor.auth.user.email, name: actor.auth.user.fullName },
    },
  };
}

/** POST /api/admin/impersonation-requests/:id/approve|deny: the two-person rule, as for credential requests. */
export async function decideImpersonation(hub: Hub, actor: SignedInActor, requestId: string, decision: Decision) {
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    const req = await lockRequest(tx, requestId);
    if (!req || req.actionType !== IMPERSONATION_ACTION) throw new HubError('not_found', 'Request not found.');
    const approver = { userId: actor.userId, assignments: await listAssignments(tx, actor.userId) };
    const refusal = refuseDecision(
      approver,
      { requesterId: req.requestingUserId, createdAt: req.createdAt },
      decision,
      now,
    );
    if (refusal) {
      throw new Refusal(refusal, {
        audit: {
          type: 'permission_denied',
          ...actor.audit,
          details: {
            method: 'POST',
            route: `/api/admin/impersonation-requests/:id/${decision === 'approved' ? 'approve' : 'deny'}`,
            action: refusal,
            request_id: requestId,
            requesting_user_id: req.requestingUserId,
          },
        },
      });
    }
    if (req.status !== 'pending') throw new HubError('conflict', `This request is already ${req.status}.`);
    await decideRequest(tx, requestId, { status: decision, decidedBy: actor.userId, decidedAt: now, expiresAt: null });
    await hub.audit.record(
      {
        type: decision === 'approved' ? 'impersonation_approved' : 'impersonation_denied',
        ...actor.audit,
        details: {
          request_id: requestId,
          requesting_user_id: req.requestingUserId,
          target_user_id: req.targetUserId ?? '',
          decided_by: actor.userId,
        },
      },
      tx,
    );
    return { request_id: requestId, status: decision };
  });
}

/**
 * DELETE /api/admin/impersonation: the impersonated session ends (audited with both people) and
 * the administrator's own session, if still live, is what the browser holds again.
 */
export async function endImpersonation(
  hub: Hub,
  actor: SignedInActor,
  adminToken: string | undefined,
): Promise<{ adminToken: string; auth: BrowserAuth } | null> {
  const act = actor.auth.session.act;
  if (!act) throw new HubError('conflict', 'You are not viewing as another user.');
  await revokeSession(hub, actor.auth.session.id, act.sub);
  await hub.audit.record({
    type: 'impersonation_ended',
    ...actor.audit,
    details: { target_user_id: actor.userId, impersonator_id: act.sub, reason: 'ended' },
  });
  const auth = adminToken ? await resolveBrowserSession(hub, adminToken) : null;
  return auth && auth.user.id === act.sub ? { adminToken: adminToken!, auth } : null;
}

/**
 * The browser's session cookie no longer signs in; if it was an impersonation that ran out and
 * the administrator's own session behind IMPERSONATOR_COOKIE is live, that one is used again
 * (plugins/session.ts sets the cookie back). The expiry is audited once, by the request that
 * finds the impersonated session still marked active.
 */
export async function returnAfterExpiry(
  hub: Hub,
  expiredToken: string | undefined,
  adminToken: string,
  client: AuditActorFields,
): Promise<BrowserAuth | null> {
  const auth = await resolveBrowserSession(hub, adminToken);
  if (!auth) return null;
  const found = expiredToken ? await findSessionWithUserByHash(hub.db, sha256Hex(expiredToken)) : undefined;
  const act = parseAct(found?.session.act);
  if (found && act && act.sub === auth.user.id && found.session.revokedBy === null) {
    await revokeSession(hub, found.session.id, act.sub);
    await hub.audit.record({
      type: 'impersonation_ended',
      ...client,
      userId: found.user.id,
      sessionId: found.session.id,
      act,
      details: { target_user_id: found.user.id, impersonator_id: act.sub, reason: 'expired' },
    });
  }
  return auth;
}

/** Routes that are the user's own security settings: refused in an impersonated session. */
const SECURITY_ROUTES = [
  '/api/auth/change-password',
  '/api/auth/reauthenticate',
  '/api/auth/sso/link',
  '/api/me/password',
  '/api/me/email',
  '/api/me/mfa',
  '/api/me/passkeys',
  '/api/me/identities',
];

export function isSecuritySetting(method: string, routeUrl: string, stepUp: boolean): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return stepUp || SECURITY_ROUTES.some((p) => routeUrl === p || routeUrl.startsWith(`${p}/`));
}

/** The audited 403 of a security setting asked for in an impersonated session. */
export function securitySettingRefusal(actor: SignedInActor, method: string, route: string): Refusal {
  const act = actor.auth.session.act!;
  return new Refusal('impersonation_forbidden', {
    audit: {
      type: 'impersonation_refused',
      ...actor.audit,
      details: { method, route, impersonator_id: act.sub, target_user_id: actor.userId, reason: 'security_setting' },
    },
  });
}

/** GET /api/me/impersonations */
export async function listMyImpersonations(hub: Hub, userId: string) {
  // The justification is the administrator's words, sealed with the user's audit key (audit/shredding.ts).
  const rows = (await findImpersonationsOf(hub.db, userId)).map((r) => ({ ...r, ipAddress: null, userAgent: null }));
  const found = await hub.audit.subjectKeys.openRows(hub.db, rows, userId);
  return {
    impersonations: found.map((r) => ({
      started_at: new Date(r.occurred_at).toISOString(),
      minutes: Number(r.details.minutes ?? 0),
      justification: String(r.details.justification ?? ''),
      admin_email: r.admin_email,
      admin_name: r.admin_name,
    })),
  };
}
