import { HubError, Refusal } from '../errors';
import { API_KEY_CONTEXT, WEBHOOK_CONTEXT } from '../oauth/clients/service';
import type { Hub } from '../hub';
import type { CredentialRequestInput, CredentialRequestView } from '../../shared/admin-api';
import { TIME_LIMIT } from '../../shared/admin-api';
import type { SignedInActor as Actor } from '../actor';
import type { RequestRow } from './credential-queries';
import { findClientById } from '../oauth/clients/queries';
import type { DbOrTx } from '../db/client';
import { listAssignments } from '../roles/queries';
import { refuseDecision, type Approver, type Decision, type DecisionRefusal } from '../roles/two-person-rule';
import {
  decideRequest,
  findActiveGrants,
  findPendingRequests,
  findRequestView,
  findRequestsOf,
  insertRequest,
  lockRequest,
  IMPERSONATION_ACTION,
} from './credential-queries';

/**
 * Credential access (DESIGN §6). A request names an application, a credential type and a
 * justification. A platform_admin's request waits for another admin; a super_admin's
 * time-limited request is granted at once. An approved request is a grant until its
 * expires_at; only the requester may reveal through it, and only while it lasts.
 * Every request, decision and reveal is audited.
 */
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * 'approved' grants past their expiry read as 'expired' (no background job needed). What the
 * viewer may do with a pending request comes from the rule the decision endpoint applies.
 */
export function toRequestView(row: RequestRow, viewer: Approver, now: Date): CredentialRequestView {
  const expired = row.status === 'approved' && row.expires_at !== null && new Date(row.expires_at) <= now;
  const status = expired ? 'expired' : row.status;
  const request = { requesterId: row.requesting_user_id, createdAt: new Date(row.created_at) };
  const isOpenTo = (decision: Decision) =>
    status === 'pending' && refuseDecision(viewer, request, decision, now) === null;
  return {
    ...row,
    status,
    decided_at: iso(row.decided_at),
    expires_at: iso(row.expires_at),
    created_at: new Date(row.created_at).toISOString(),
    can_decide: isOpenTo('denied'),
    can_approve: isOpenTo('approved'),
  };
}

/** The actor with every role assignment they hold, as the two-person rule reads an approver. */
async function loadApprover(db: DbOrTx, actor: Actor): Promise<Approver> {
  return { userId: actor.userId, assignments: await listAssignments(db, actor.userId) };
}

export function toGrant(row: RequestRow) {
  return {
    id: row.id,
    app_id: row.app_id!,
    app_name: row.app_name ?? 'Unknown application',
    credential_type: row.credential_type ?? 'api_key',
    expires_at: new Date(row.expires_at!).toISOString(),
    time_limit_minutes: row.time_limit_minutes ?? TIME_LIMIT.default,
  };
}

export async function listRequests(hub: Hub, actor: Actor, scope: 'mine' | 'pending') {
  const found = scope === 'mine' ? await findRequestsOf(hub.db, actor.userId) : await findPendingRequests(hub.db);
  const now = hub.clock();
  const viewer = await loadApprover(hub.db, actor);
  return { requests: found.map((r) => toRequestView(r, viewer, now)) };
}

export async function createRequest(hub: Hub, actor: Actor, input: CredentialRequestInput) {
  const now = hub.clock();
  const app = await findClientById(hub.db, input.app_id);
  if (!app) throw new HubError('not_found', 'Application not found.');
  const timeLimited = input.mode === 'time_limited';
  const minutes = timeLimited ? input.time_limit_minutes : TIME_LIMIT.default;
  const grantNow = timeLimited && actor.roles.includes('super_admin');
  const expiresAt = grantNow ? new Date(now.getTime() + minutes * 60_000) : null;

  const id = await hub.db.transaction(async (tx) => {
    const row = await insertRequest(tx, {
      requestingUserId: actor.userId,
      actionType: timeLimited ? 'time_limited_credential_access' : 'credential_access',
      targetAppId: app.id,
      credentialType: input.credential_type,
      justification: input.justification,
      timeLimitMinutes: minutes,
      status: grantNow ? 'approved' : 'pending',
      decidedBy: grantNow ? actor.userId : null,
      decidedAt: grantNow ? now : null,
      expiresAt,
      createdAt: now,
    });
    const details = {
      request_id: row.id,
      app_id: app.id,
      app_name: app.appName,
      credential_type: input.credential_type,
      time_limit_minutes: minutes,
      justification: input.justification,
    };
    await hub.audit.record(
      [
        { type: 'credential_access_requested', ...actor.audit, details },
        ...(grantNow
          ? [
              {
                type: 'credential_access_granted' as const,
                ...actor.audit,
                details: {
                  ...details,
                  approved_by: actor.userId,
                  auto_approved: true,
                  expires_at: expiresAt!.toISOString(),
                },
              },
            ]
          : []),
      ],
      tx,
    );
    return row.id;
  });
  const view = (await findRequestView(hub.db, id))!;
  return {
    request: toRequestView(view, await loadApprover(hub.db, actor), now),
    grant: grantNow ? toGrant(view) : null,
  };
}

/** The audited refusal of a decision the two-person rule does not allow. */
function refusalOf(actor: Actor, reason: DecisionRefusal, decision: Decision, requestId: string, requesterId: string) {
  return new Refusal(reason, {
    audit: {
      type: 'permission_denied',
      ...actor.audit,
      details: {
        method: 'POST',
        route: `/api/admin/credential-requests/:id/${decision === 'approved' ? 'approve' : 'deny'}`,
        action: reason,
        request_id: requestId,
        requesting_user_id: requesterId,
      },
    },
  });
}

export async function decide(hub: Hub, actor: Actor, requestId: string, decision: Decision) {
  const now = hub.clock();
  await hub.db.transaction(async (tx) => {
    const req = await lockRequest(tx, requestId);
    if (!req || req.actionType === IMPERSONATION_ACTION) throw new HubError('not_found', 'Request not found.');
    // The rule comes first: whoever may not decide this request hears why, not its status.
    // The error hook records the refusal after this transaction rolls back.
    const approver = await loadApprover(tx, actor);
    const refusal = refuseDecision(
      approver,
      { requesterId: req.requestingUserId, createdAt: req.createdAt },
      decision,
      now,
    );
    if (refusal) throw refusalOf(actor, refusal, decision, requestId, req.requestingUserId);
    if (req.status !== 'pending') throw new HubError('conflict', `This request is already ${req.status}.`);
    const minutes = req.timeLimitMinutes ?? TIME_LIMIT.default;
    const expiresAt = decision === 'approved' ? new Date(now.getTime() + minutes * 60_000) : null;
    await decideRequest(tx, requestId, { status: decision, decidedBy: actor.userId, decidedAt: now, expiresAt });
    const details = {
      request_id: requestId,
      requesting_user_id: req.requestingUserId,
      app_id: req.targetAppId,
      credential_type: req.credentialType,
    };
    await hub.audit.record(
      decision === 'approved'
        ? {
            type: 'credential_access_granted',
            ...actor.audit,
            details: { ...details, approved_by: actor.userId, expires_at: expiresAt!.toISOString() },
          }
        : { type: 'credential_access_denied', ...actor.audit, details },
      tx,
    );
  });
  const view = (await findRequestView(hub.db, requestId))!;
  return { request: toRequestView(view, await loadApprover(hub.db, actor), now) };
}

export async function listGrants(hub: Hub, actor: Actor) {
  const found = await findActiveGrants(hub.db, actor.userId, hub.clock());
  return { grants: found.map(toGrant) };
}

/** Opens the sealed credential for the grant's owner while the grant lasts; audited either way. */
export async function reveal(hub: Hub, actor: Actor, grantId: string) {
  const now = hub.clock();
  const row = await findRequestView(hub.db, grantId);
  if (!row || row.requesting_user_id !== actor.userId) throw new HubError('not_found', 'Grant not found.');
  const live = row.status === 'approved' && row.expires_at !== null && new Date(row.expires_at) > now;
  if (!live) {
    throw new Refusal(row.status === 'approved' ? 'grant_expired' : 'forbidden', {
      message: row.status === 'approved' ? undefined : 'This request has not been approved.',
      audit: {
        type: 'permission_denied',
        ...actor.audit,
        details: {
          method: 'POST',
          route: '/api/admin/credential-grants/:id/reveal',
          action: 'credential_reveal',
          request_id: grantId,
          status: row.status,
        },
      },
    });
  }
  const app = row.app_id ? await findClientById(hub.db, row.app_id) : undefined;
  const sealed = row.credential_type === 'webhook_secret' ? app?.webhookSecretEnc : app?.apiKeyEnc;
  if (!app || !sealed) throw new HubError('not_found', 'This application has no such credential.');
  // Sealed by the OAuth clients service under a per-column context (authenticated by AES-GCM).
  const value = hub.secrets.open(sealed, row.credential_type === 'webhook_secret' ? WEBHOOK_CONTEXT : API_KEY_CONTEXT);
  await hub.audit.record({
    type: 'credential_access_viewed',
    ...actor.audit,
    details: { request_id: grantId, app_id: app.id, app_name: app.appName, credential_type: row.credential_type },
  });
  return { credential_type: row.credential_type!, value, expires_at: new Date(row.expires_at!).toISOString() };
}
