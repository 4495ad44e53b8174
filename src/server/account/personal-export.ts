import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { requireRecentAuthentication } from './step-up';
import { PERSONAL_TABLES } from '../db/personal-tables';
import { findPersonalRows } from './personal-data-queries';
import { findAuditRowsAbout } from './erasure-queries';
import { findUserById } from '../auth/user-queries';
import { HubError } from '../errors';
import type { PersonalDataExport } from '../../shared/api/privacy';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** JSON-safe: dates as ISO strings, everything else as the driver gave it. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/**
 * GET /api/me/export (GDPR Art. 15, 20): the profile, the person's rows of every personal table
 * (db/personal-tables.ts, secret columns left out), and the audit events that name them with
 * their own personal data opened and anyone else's left out. Step-up first; audited.
 */
export async function exportMyData(hub: Hub, actor: SignedInActor): Promise<PersonalDataExport> {
  await requireRecentAuthentication(hub, actor, { method: 'GET', url: '/api/me/export' });
  const user = await findUserById(hub.db, actor.userId);
  if (!user) throw new HubError('not_found');
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of PERSONAL_TABLES) {
    const found = await findPersonalRows(hub.db, table, user.id, user.email);
    if (found.length) tables[table.name] = found.map(plain);
  }
  const raw = await findAuditRowsAbout(hub.db, user.id);
  // Someone else's actions on this account (an administrator's) keep that person's address and agent out.
  const own = raw.map((r) => (r.userId === user.id ? r : { ...r, ipAddress: null, userAgent: null }));
  const audit = await hub.audit.subjectKeys.openRows(hub.db, own, user.id);
  const result: PersonalDataExport = {
    format: 'ecosystem-hub-personal-data/v1',
    exported_at: hub.clock().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      full_name: user.fullName,
      organization: user.organization,
      department: user.department,
      locale: user.locale,
      is_active: user.isActive,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
      last_login_at: iso(user.lastLoginAt),
    },
    tables,
    audit_events: audit.map((r) => ({
      id: r.id,
      occurred_at: r.occurredAt.toISOString(),
      event_type: r.eventType,
      severity: r.severity,
      user_id: r.userId === user.id ? r.userId : null,
      ip_address: r.ipAddress,
      user_agent: r.userAgent,
      source: r.source,
      details: r.details,
    })),
  };
  await hub.audit.record({
    type: 'personal_data_exported',
    ...actor.audit,
    details: { tables: Object.keys(tables).length, audit_events: audit.length },
  });
  return result;
}
