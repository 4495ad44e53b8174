import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { effectiveAssignment } from '../roles/queries';

/**
 * Read-only figures for the Overview, Security and Analytics tabs. Raw SQL because each is
 * one aggregate; every time bound is passed in (hub.clock), never the database's now().
 * Security figures count server-sourced audit rows only: a browser (signed out or not) can
 * report events, and those must never move a number an admin acts on.
 */
export async function readOverviewCounts(db: DbOrTx, now: Date) {
  const t = now.toISOString();
  const [row] = await rows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from platform_users) as users_total,
      (select count(*)::int from platform_users where is_active) as users_active,
      (select count(distinct platform_role_assignments.user_id)::int from platform_role_assignments
         where platform_role_assignments.role in ('platform_admin','super_admin') and ${effectiveAssignment(now)}) as admins,
      (select count(*)::int from auth_sessions where is_active and expires_at > ${t}::timestamptz) as active_sessions,
      (select count(*)::int from oauth_clients) as apps_total,
      (select count(*)::int from oauth_clients where is_active) as apps_active,
      (select count(*)::int from admin_action_approvals where status = 'pending') as pending_requests,
      (select count(*)::int from audit_logs where event_type = 'sign_in_failure' and source = 'server'
         and occurred_at > ${t}::timestamptz - interval '24 hours') as failed_sign_ins_24h,
      (select count(*)::int from audit_logs where event_type = 'sign_in_success' and source = 'server'
         and occurred_at > ${t}::timestamptz - interval '24 hours') as sign_ins_24h,
      (select count(*)::int from audit_logs where source = 'server'
         and occurred_at > ${t}::timestamptz - interval '24 hours') as audit_events_24h,
      (select count(*)::int from audit_logs where severity in ('high','critical') and source = 'server'
         and occurred_at > ${t}::timestamptz - interval '24 hours') as high_severity_24h,
      (select count(*)::int from audit_logs where source = 'client'
         and occurred_at > ${t}::timestamptz - interval '24 hours') as client_events_24h`,
  );
  return row;
}

export interface AppSafeRow {
  id: string;
  app_name: string;
  app_url: string;
  app_type: string;
  is_active: boolean;
  has_api_key: boolean;
  has_webhook_secret: boolean;
}

/** get_app_info_safe: presence marks only, never the sealed values. */
export async function findAppsSafe(db: DbOrTx): Promise<AppSafeRow[]> {
  return rows<AppSafeRow>(
    db,
    sql`select id::text, app_name, app_url, app_type, is_active,
               api_key_enc is not null as has_api_key, webhook_secret_enc is not null as has_webhook_secret
          from oauth_clients order by created_at desc`,
  );
}

export interface SessionSafeRow {
  id: string;
  user_id: string | null;
  client_id: string | null;
  is_active: boolean;
  session_token_hash: string;
  ip_address: string | null;
  created_at: Date | string;
}

/** get_session_info_safe: the newest sessions, with the token hash cut to 16 characters. */
export async function findRecentSessionsSafe(db: DbOrTx, limit: number, now: Date): Promise<SessionSafeRow[]> {
  return rows<SessionSafeRow>(
    db,
    sql`select id::text, user_id::text, client_id, (is_active and expires_at > ${now.toISOString()}::timestamptz) as is_active,
               left(session_token_hash, 16) as session_token_hash, ip_address, created_at
          from auth_sessions order by created_at desc nulls last limit ${limit}`,
  );
}

/**
 * Per UTC day for the last `days` days (zero-filled), from server-sourced audit rows: sign-ins,
 * failures, lockouts (sign_in_blocked), MFA events and credential access.
 */
export async function readDailySecurityCounts(db: DbOrTx, now: Date, days: number) {
  const t = now.toISOString();
  return rows<{
    date: string;
    sign_ins: number;
    failures: number;
    lockouts: number;
    mfa: number;
    credential_access: number;
  }>(
    db,
    sql`with d as (
          select generate_series((${t}::timestamptz at time zone 'UTC')::date - ${days - 1}::int,
                                 (${t}::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day
        ), e as (
          select (occurred_at at time zone 'UTC')::date as day, event_type
            from audit_logs
           where source = 'server'
             and (event_type in ('sign_in_success', 'sign_in_failure', 'sign_in_blocked')
                  or event_type like 'mfa\_%' or event_type like 'credential\_access\_%')
             and occurred_at >= ((${t}::timestamptz at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'
        )
        select to_char(d.day, 'YYYY-MM-DD') as date,
               count(e.*) filter (where e.event_type = 'sign_in_success')::int as sign_ins,
               count(e.*) filter (where e.event_type = 'sign_in_failure')::int as failures,
               count(e.*) filter (where e.event_type = 'sign_in_blocked')::int as lockouts,
               count(e.*) filter (where e.event_type like 'mfa\_%')::int as mfa,
               count(e.*) filter (where e.event_type like 'credential\_access\_%')::int as credential_access
          from d left join e on e.day = d.day
         group by d.day order by d.day`,
  );
}

/** Live sessions per application; the hub's own browser sessions count as the core platform. */
export async function readSessionsPerApp(db: DbOrTx, now: Date) {
  return rows<{ app_name: string | null; count: number }>(
    db,
    sql`select c.app_name, count(*)::int as count
          from auth_sessions s left join oauth_clients c on c.client_id = s.client_id
         where s.is_active and s.expires_at > ${now.toISOString()}::timestamptz
         group by c.app_name order by count desc limit 12`,
  );
}

/**
 * The most frequent event types of one source. Browser page-load events are left out of both:
 * every page load sends them, so they would bury everything an admin needs to see.
 */
export async function readTopEventTypes(
  db: DbOrTx,
  now: Date,
  days: number,
  source: 'server' | 'client',
  pageLoadTypes: readonly string[],
) {
  return rows<{ event_type: string; count: number }>(
    db,
    sql`select event_type, count(*)::int as count from audit_logs
         where occurred_at > ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
           and source = ${source}
           and not (source = 'client' and event_type in (select jsonb_array_elements_text(${JSON.stringify(pageLoadTypes)}::jsonb)))
         group by event_type order by count desc, event_type limit 10`,
  );
}

export interface AuthSessionRow {
  id: string;
  client_id: string | null;
  app_name: string | null;
  app_url: string | null;
  user_id: string | null;
  user_email: string | null;
  kind: string;
  user_agent: string | null;
  ip_address: string | null;
  scopes: string[];
  is_active: boolean;
  last_accessed_at: Date | string;
  created_at: Date | string;
  expires_at: Date | string;
}

/** OAuth page's Active Sessions: sessions with their application mapped, most recently used first. */
export async function findAuthSessions(
  db: DbOrTx,
  input: { activeOnly: boolean; limit: number; now: Date; userId?: string },
) {
  const t = input.now.toISOString();
  const active = input.activeOnly ? sql`and s.is_active and s.expires_at > ${t}::timestamptz` : sql``;
  const mine = input.userId ? sql`and s.user_id = ${input.userId}::uuid` : sql``;
  return rows<AuthSessionRow>(
    db,
    sql`select s.id::text, s.client_id, c.app_name, c.app_url, s.user_id::text, u.email as user_email, s.kind,
               s.user_agent, s.ip_address, s.scopes, (s.is_active and s.expires_at > ${t}::timestamptz) as is_active,
               s.last_accessed_at, s.created_at, s.expires_at
          from auth_sessions s
          left join oauth_clients c on c.client_id = s.client_id
          left join platform_users u on u.id = s.user_id
         where true ${active} ${mine}
         order by s.last_accessed_at desc nulls last limit ${input.limit}`,
  );
}

export async function findSessionOwner(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; user_id: string | null; is_active: boolean } | undefined> {
  const [row] = await rows<{ id: string; user_id: string | null; is_active: boolean }>(
    db,
    sql`select id::text, user_id::text, is_active from auth_sessions where id = ${id}::uuid`,
  );
  return row;
}
