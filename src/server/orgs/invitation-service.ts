import type { Hub } from '../hub';
import type { Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';
import { findUserByEmail } from '../auth/user-queries';
import type { SignedInActor } from '../actor';
import type { OrganizationInvitation } from '../db/schema/index';
import { HubError, Refusal } from '../errors';
import { randomToken, sha256Hex } from '../crypto/tokens';
import type { Mailer } from '../auth/mailer';
import { INVITATION_LIFETIME_DAYS, type InvitationView } from '../../shared/api/orgs';
import { DEFAULT_ORG_ROLE, rolesOfInvitation } from '../../shared/org-policy';
import {
  findInvitation,
  findInvitationByHash,
  insertInvitation,
  listInvitations,
  retireExpiredInvitations,
  updatePendingInvitation,
} from './queries/invitations';
import { findMember, insertMember, isMemberByEmail } from './queries/members';
import { findOrgById } from './queries/organizations';
import { authorize, checkInvitationRole, lockOrgActor, loadOrgActor, toOrgView, type OrgAccess } from './permissions';
import { normalizeRoles } from './member-service';

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 3_600_000;

function statusOf(inv: OrganizationInvitation, now: Date): InvitationView['status'] {
  if (inv.acceptedAt) return 'accepted';
  if (inv.revokedAt) return 'revoked';
  return inv.expiresAt <= now ? 'expired' : 'pending';
}

function toInvitationView(inv: OrganizationInvitation, now: Date): InvitationView {
  return {
    id: inv.id,
    email: inv.email,
    role: inv.role,
    status: statusOf(inv, now),
    invited_by: inv.invitedBy,
    created_at: inv.createdAt.toISOString(),
    expires_at: inv.expiresAt.toISOString(),
  };
}

/**
 * Mailed after the commit, not awaited: the answer's timing says nothing about delivery. The mail
 * reads the same whether or not the address has an account (sign in or sign up, then accept).
 */
function mailInvitation(
  hub: Hub,
  mailer: Mailer,
  input: { email: string; orgName: string; token: string; requested: Locale },
) {
  const link = `${hub.config.publicUrl}/invitations/accept?token=${encodeURIComponent(input.token)}`;
  // In the invitee's saved language when the address has an account, else the inviter's.
  void findUserByEmail(hub.db, input.email)
    .then((user) => {
      const locale = recipientLocale(user?.locale, input.requested);
      const mail = composeMail(locale, 'invitation', { org: input.orgName, days: INVITATION_LIFETIME_DAYS, link });
      return mailer.send({ to: input.email, ...mail, link });
    })
    .catch(() => undefined);
}

/** Invites an address with a role (admins; owners to invite an owner). One pending invitation per address. */
export async function inviteMember(
  hub: Hub,
  mailer: Mailer,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  input: { email: string; role?: string },
): Promise<InvitationView> {
  const role = input.role ?? DEFAULT_ORG_ROLE;
  const token = randomToken();
  const now = hub.clock();
  const { view, orgName } = await hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    checkInvitationRole(o, role);
    await normalizeRoles(tx, rolesOfInvitation(role));
    // The inviter sees the members anyway; whether the address has an account stays unsaid.
    if (await isMemberByEmail(tx, orgId, input.email))
      throw new HubError('conflict', 'Someone with this email address is already a member.', { field: 'email' });
    await retireExpiredInvitations(tx, orgId, input.email, now);
    const inv = await insertInvitation(tx, {
      orgId,
      email: input.email,
      role,
      tokenHash: sha256Hex(token),
      invitedBy: actor.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME_MS),
    });
    if (!inv)
      throw new HubError('conflict', 'An invitation to this address is pending: resend or revoke it.', {
        field: 'email',
      });
    await hub.audit.record(
      {
        type: 'org_invitation_sent',
        ...actor.audit,
        details: { org_id: orgId, invitation_id: inv.id, email: inv.email, role, resent: false },
      },
      tx,
    );
    return { view: toInvitationView(inv, now), orgName: o.org.name };
  });
  mailInvitation(hub, mailer, { email: input.email, orgName, token, requested: actor.locale });
  return view;
}

export async function listOrgInvitations(hub: Hub, actor: SignedInActor, orgId: string, access: OrgAccess) {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_invitations');
  const now = hub.clock();
  return (await listInvitations(hub.db, orgId)).map((inv) => toInvitationView(inv, now));
}

/** A new link (the old one stops working) valid 7 days from now, mailed again. */
export async function resendInvitation(
  hub: Hub,
  mailer: Mailer,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  invitationId: string,
): Promise<InvitationView> {
  const token = randomToken();
  const now = hub.clock();
  const { view, orgName } = await hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    const found = await findInvitation(tx, orgId, invitationId);
    if (found) checkInvitationRole(o, found.role);
    else authorize(o, 'manage_invitations');
    if (!found) throw new HubError('not_found', 'No such invitation.');
    const inv = await updatePendingInvitation(
      tx,
      invitationId,
      now,
      { tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + LIFETIME_MS) },
      true,
    );
    if (!inv) throw new HubError('conflict', 'This invitation was accepted or revoked.');
    await hub.audit.record(
      {
        type: 'org_invitation_sent',
        ...actor.audit,
        details: { org_id: orgId, invitation_id: inv.id, email: inv.email, role: inv.role, resent: true },
      },
      tx,
    );
    return { view: toInvitationView(inv, now), orgName: o.org.name };
  });
  mailInvitation(hub, mailer, { email: view.email, orgName, token, requested: actor.locale });
  return view;
}

export async function revokeInvitation(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  invitationId: string,
): Promise<void> {
  const now = hub.clock();
  await hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    authorize(o, 'manage_invitations');
    const found = await findInvitation(tx, orgId, invitationId);
    if (!found) throw new HubError('not_found', 'No such invitation.');
    const inv = await updatePendingInvitation(tx, invitationId, now, { revokedAt: now }, true);
    if (!inv) throw new HubError('conflict', 'This invitation was accepted or revoked already.');
    await hub.audit.record(
      {
        type: 'org_invitation_revoked',
        ...actor.audit,
        details: { org_id: orgId, invitation_id: inv.id, email: inv.email },
      },
      tx,
    );
  });
}

function refused(reason: string, message: string, inv?: OrganizationInvitation): Refusal {
  return new Refusal('invalid_token', {
    message,
    audit: {
      type: 'org_invitation_refused',
      details: { reason, ...(inv ? { org_id: inv.orgId, invitation_id: inv.id } : {}) },
    },
  });
}

/**
 * POST /api/invitations/accept: the link's token, by the signed-in user whose verified address
 * it was sent to. Single use: the row is locked, checked and marked accepted in one transaction.
 */
export async function acceptInvitation(hub: Hub, actor: SignedInActor, token: string) {
  const now = hub.clock();
  const user = actor.auth.user;
  return hub.db.transaction(async (tx) => {
    const inv = await findInvitationByHash(tx, sha256Hex(token));
    if (!inv) throw refused('unknown', 'This invitation link is not valid. Ask for a new invitation.');
    if (inv.acceptedAt) throw refused('used', 'This invitation was already accepted.', inv);
    if (inv.revokedAt) throw refused('revoked', 'This invitation was withdrawn. Ask for a new one.', inv);
    if (inv.expiresAt <= now) throw refused('expired', 'This invitation has expired. Ask for a new one.', inv);
    if (inv.email !== user.email)
      throw refused(
        'other_email',
        'This invitation was sent to another email address: sign in with the address it was sent to.',
        inv,
      );
    if (!user.emailVerifiedAt)
      throw refused('email_unverified', 'Verify your email address first, then open the invitation again.', inv);
    const org = (await findOrgById(tx, inv.orgId))!;
    const roles = rolesOfInvitation(inv.role);
    const added = await insertMember(tx, {
      orgId: inv.orgId,
      userId: user.id,
      roles,
      joinedVia: 'invitation',
      joinedAt: now,
    });
    await updatePendingInvitation(tx, inv.id, now, { acceptedAt: now, acceptedBy: user.id });
    await hub.audit.record(
      [
        {
          type: 'org_invitation_accepted',
          ...actor.audit,
          details: { org_id: inv.orgId, invitation_id: inv.id, role: inv.role },
        },
        ...(added
          ? [
              {
                type: 'org_member_added' as const,
                ...actor.audit,
                details: { org_id: inv.orgId, target_user_id: user.id, roles, via: 'invitation' },
              },
            ]
          : []),
      ],
      tx,
    );
    const held = added?.roles ?? (await findMember(tx, inv.orgId, user.id))?.roles ?? roles;
    return { organization: { ...toOrgView(org), roles: held } };
  });
}
