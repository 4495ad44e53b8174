import type { Hub } from '../hub';
import { findAppsSafe, readOverviewCounts } from './dashboard-queries';

export async function readOverview(hub: Hub) {
  const counts = await readOverviewCounts(hub.db, hub.clock());
  const numbers = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
  return { ...numbers, database: hub.database.kind } as {
    users_total: number;
    users_active: number;
    admins: number;
    active_sessions: number;
    apps_total: number;
    apps_active: number;
    pending_requests: number;
    failed_sign_ins_24h: number;
    sign_ins_24h: number;
    audit_events_24h: number;
    high_severity_24h: number;
    database: 'pglite' | 'postgres';
  };
}

export async function listApps(hub: Hub) {
  return findAppsSafe(hub.db);
}
