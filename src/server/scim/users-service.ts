import { z } from 'zod';
import { loggableError } from '../plugins/errors';
import type { DbOrTx } from '../db/client';
import type { ScimUser } from '../db/schema/index';
import { findUserByEmail, insertUserWithRoles } from '../auth/user-queries';
import { sendVerificationMail } from '../auth/email-verification';
import { normalizeEmail } from '../auth/sign-in';
import { findMember, insertMember } from '../orgs/queries/members';
import { lockOrg } from '../orgs/queries/organizations';
import { conflictOnUnique } from '../db/unique';
import { DEFAULT_ORG_ROLE } from '../../shared/org-policy';
import { ScimError, scimNotFound } from './errors';
import { checkIfMatch, etagOf, normalizePatch, normalizeUserBody, type ScimContext } from './context';
import {
  ENTERPRISE_SCHEMA,
  listResponse,
  USER_SCHEMA,
  patchUser as applyPatch,
  readUser,
  writeUser,
  type Json,
  type ScimFilter,
} from './scimmy';
import {
  deleteScimUser,
  findScimUser,
  findScimUserByName,
  findScimUserPage,
  insertScimUser,
  updateScimUser,
} from './queries/users';
import { orgOwnsEmail, removeMembership, restoreMembership } from './user-lifecycle';

/**
 * SCIM Users of one organization (RFC 7644 §3.3–3.6): a provisioned user is a hub account, a
 * member of the organization, and a scim_users row with what the directory said (externalId,
 * names, emails, the enterprise extension). Every change of an existing one runs under the
 * organization's row lock, like every other membership change, and is audited with the token as actor.
 */

const UUID = z.uuid();
/** Page size when the directory names none, and the most one page holds (ServiceProviderConfig). */
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 200;

const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
const USER_NAME_TAKEN = 'userName is already in use in this organization.';

export function toUserResource(ctx: ScimContext, row: ScimUser): Json {
  const resource = row.resource as Json;
  return {
    schemas: [USER_SCHEMA, ...(resource[ENTERPRISE_SCHEMA] ? [ENTERPRISE_SCHEMA] : [])],
    ...resource,
    id: row.userId,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    active: row.active,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${ctx.base}/Users/${row.userId}`,
      version: etagOf(row.version),
    },
  };
}

/** What the row keeps in `resource`: everything but what has a column, and never a password. */
function storedPart(parsed: Json): Json {
  const { schemas: _s, id: _i, meta: _m, userName: _u, externalId: _e, active: _a, password: _p, ...rest } = parsed;
  return rest;
}

function emailOf(parsed: Json): string {
  const emails = (Array.isArray(parsed.emails) ? parsed.emails : []) as {
    value?: string;
    type?: string;
    primary?: boolean;
  }[];
  const pick = emails.find((e) => e.primary) ?? emails.find((e) => e.type === 'work') ?? emails[0];
  const raw = pick?.value ?? (String(parsed.userName).includes('@') ? String(parsed.userName) : '');
  const email = normalizeEmail(raw);
  if (!z.email().safeParse(email).success)
    throw new ScimError(400, 'invalidValue', 'A user needs an email address (emails, or a userName that is one).');
  return email;
}

function fullNameOf(parsed: Json): string | null {
  const name = (parsed.name ?? {}) as { formatted?: string; givenName?: string; familyName?: string };
  const joined = [name.givenName, name.familyName].filter(Boolean).join(' ');
  return (parsed.displayName as string | undefined) ?? name.formatted ?? (joined || null);
}

function departmentOf(parsed: Json): string | null {
  return ((parsed[ENTERPRISE_SCHEMA] ?? {}) as { department?: string }).department ?? null;
}

async function loadRow(ctx: ScimContext, db: DbOrTx, id: string, lock = false): Promise<ScimUser> {
  const row = UUID.safeParse(id).success ? await findScimUser(db, ctx.orgId, id, lock) : undefined;
  if (!row) throw scimNotFound('User');
  return row;
}

export async function getUser(ctx: ScimContext, id: string, projection?: ScimFilter): Promise<Json> {
  return writeUser(toUserResource(ctx, await loadRow(ctx, ctx.hub.db, id)), projection);
}

export async function listUsers(
  ctx: ScimContext,
  input: { filter?: ScimFilter; startIndex: number; count: number; projection?: ScimFilter },
): Promise<Json> {
  const count = Math.min(input.count, MAX_COUNT);
  const { rows, total } = await findScimUserPage(ctx.hub.db, ctx.orgId, {
    filter: (input.filter ?? []) as Record<string, unknown>[],
    startIndex: input.startIndex,
    count,
  });
  const resources = rows.map((r) => writeUser(toUserResource(ctx, r), input.projection));
  return listResponse(resources, total, input.startIndex);
}

/** POST /Users: a new account (or, for an address of the organization's own domains, the existing one) and its membership. */
export async function createUser(ctx: ScimContext, body: Json): Promise<Json> {
  const { hub, orgId } = ctx;
  const parsed = readUser(normalizeUserBody(body));
  const userName = String(parsed.userName);
  const email = emailOf(parsed);
  const active = parsed.active !== false;
  const now = hub.clock();
  // No organization lock: a new member changes no owner count, and the unique indexes (userName
  // per organization, the account's email, the membership) decide races, answered 409.
  const result = await hub.db.transaction(async (tx) => {
    if (await findScimUserByName(tx, orgId, userName.toLowerCase())) throw uniqueness(USER_NAME_TAKEN);
    const owned = await orgOwnsEmail(tx, orgId, email);
    const existing = await findUserByEmail(tx, email);
    if (existing && !owned)
      throw uniqueness(
        'An account with this email exists outside the organization’s verified domains: invite the person.',
      );
    const user =
      existing ??
      (await insertUserWithRoles(
        tx,
        {
          email,
          fullName: fullNameOf(parsed),
          department: departmentOf(parsed),
          emailVerifiedAt: owned ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        ['user'],
        null,
      ));
    if (!user) throw uniqueness('An account with this email was just created; retry.');
    const member = await findMember(tx, orgId, user.id);
    const roles = member?.roles ?? [DEFAULT_ORG_ROLE];
    const row = await insertScimUser(tx, {
      orgId,
      userId: user.id,
      userName,
      userNameKey: userName.toLowerCase(),
      externalId: (parsed.externalId as string | undefined) ?? null,
      active,
      roles,
      resource: storedPart(parsed),
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw uniqueness('This person is already provisioned in this organization.');
    const added =
      active && !member
        ? await insertMember(tx, { orgId, userId: user.id, roles, joinedVia: 'scim', joinedAt: now })
        : undefined;
    const details = { org_id: orgId, target_user_id: user.id, scim_token_id: ctx.tokenId };
    await hub.audit.record(
      [
        {
          type: 'scim_user_provisioned',
          ...ctx.audit,
          details: { ...details, email, email_verified: user.emailVerifiedAt !== null, account_created: !existing },
        },
        ...(added
          ? [{ type: 'org_member_added' as const, ...ctx.audit, details: { ...details, roles, via: 'scim' } }]
          : []),
      ],
      tx,
    );
    return { row, user, created: !existing };
  });
  // Not the organization's domain: the person proves the address through the usual link.
  // A mail that cannot go out does not undo the provisioning: the person can ask for the link again.
  if (result.created && !result.user.emailVerifiedAt)
    await sendVerificationMail(hub, ctx.mailer, result.user).catch((err: unknown) =>
      ctx.log.warn({ err: loggableError(err) }, 'verification mail of a SCIM-provisioned user not sent'),
    );
  return toUserResource(ctx, result.row);
}

/** PUT /Users/:id (Okta deactivates this way) and, after scimmy applied the operations, PATCH. */
async function writeState(
  ctx: ScimContext,
  id: string,
  ifMatch: string | undefined,
  next: (current: Json) => Promise<Json>,
) {
  const { hub, orgId } = ctx;
  let after: () => Promise<void> = async () => {};
  const row = await hub.db.transaction(async (tx) => {
    // The person's own row, then the organization's lock only where a rule spans its members: a
    // new userName here, an owner leaving in removeMembership. A directory deprovisioning many
    // people at once then changes them side by side, not one after another behind one row (the
    // cluster's 10 concurrent deactivations queued past the statement timeout on a busy machine).
    const current = await loadRow(ctx, tx, id, true);
    checkIfMatch(ifMatch, current.version);
    const parsed = readUser(normalizeUserBody(await next(toUserResource(ctx, current))));
    const userName = String(parsed.userName);
    if (userName.toLowerCase() !== current.userNameKey) {
      await lockOrg(tx, orgId);
      if (await findScimUserByName(tx, orgId, userName.toLowerCase())) throw uniqueness(USER_NAME_TAKEN);
    }
    const active = parsed.active !== false;
    const values: Parameters<typeof updateScimUser>[3] = {
      userName,
      userNameKey: userName.toLowerCase(),
      externalId: (parsed.externalId as string | undefined) ?? null,
      active,
      resource: storedPart(parsed),
      updatedAt: hub.clock(),
    };
    if (current.active && !active) {
      const removed = await removeMembership(ctx, tx, current, 'deactivated');
      values.roles = removed.roles;
      values.accountDeactivated = removed.accountDeactivated;
      after = removed.afterCommit;
    } else if (!current.active && active) {
      await restoreMembership(ctx, tx, current);
      values.accountDeactivated = false;
    }
    const fields = changedFields(toUserResource(ctx, current), parsed);
    if (fields.length === 0 && current.active === active) return current;
    await hub.audit.record(
      {
        type: 'scim_user_updated',
        ...ctx.audit,
        details: { org_id: orgId, target_user_id: current.userId, scim_token_id: ctx.tokenId, fields },
      },
      tx,
    );
    // A create or rename of the same userName committed meanwhile: the unique index decides, as for creates.
    return conflictOnUnique(() => updateScimUser(tx, orgId, current.userId, values), uniqueness(USER_NAME_TAKEN));
  });
  await after();
  return toUserResource(ctx, row);
}

function changedFields(before: Json, after: Json): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => !['schemas', 'meta', 'id'].includes(k))
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .sort();
}

export async function replaceUser(ctx: ScimContext, id: string, body: Json, ifMatch?: string): Promise<Json> {
  return writeState(ctx, id, ifMatch, async () => body);
}

export async function patchUser(ctx: ScimContext, id: string, message: Json, ifMatch?: string): Promise<Json> {
  const normalized = normalizePatch(message);
  return writeState(ctx, id, ifMatch, async (current) => {
    const { meta: _m, ...rest } = current;
    return applyPatch(rest, normalized);
  });
}

/** DELETE /Users/:id: the membership (and the organization's record of the person) goes; the account stays. */
export async function deleteUser(ctx: ScimContext, id: string, ifMatch?: string): Promise<void> {
  const { hub, orgId } = ctx;
  await hub.db.transaction(async (tx) => {
    // As writeState: the organization's lock only for an owner leaving (removeMembership).
    const current = await loadRow(ctx, tx, id, true);
    checkIfMatch(ifMatch, current.version);
    await removeMembership(ctx, tx, current, 'deleted');
    await deleteScimUser(tx, orgId, current.userId);
  });
}
