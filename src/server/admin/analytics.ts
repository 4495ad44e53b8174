import type { Hub } from '../hub';
import { AUDIT_BROWSER_PAGE_LOAD_TYPES } from '../../shared/audit-queue';
import { readDailySecurityCounts, readSessionsPerApp, readTopEventTypes } from './dashboard-queries';

export const ANALYTICS_DAYS = 30;
/** What the charts call sessions that belong to no OAuth client: the hub itself. */
export const CORE_PLATFORM_NAME = 'Ecosystem Hub';

/** The Analytics tab: security figures from server events only; browser reports listed apart. */
export async function readAnalytics(hub: Hub) {
  const now = hub.clock();
  const [daily, perApp, topTypes, clientTypes] = await Promise.all([
    readDailySecurityCounts(hub.db, now, ANALYTICS_DAYS),
    readSessionsPerApp(hub.db, now),
    readTopEventTypes(hub.db, now, ANALYTICS_DAYS, 'server', AUDIT_BROWSER_PAGE_LOAD_TYPES),
    readTopEventTypes(hub.db, now, ANALYTICS_DAYS, 'client', AUDIT_BROWSER_PAGE_LOAD_TYPES),
  ]);
  const counts = (r: { event_type: string; count: number }) => ({ event_type: r.event_type, count: Number(r.count) });
  return {
    daily: daily.map((d) => ({
      date: d.date,
      sign_ins: Number(d.sign_ins),
      failures: Number(d.failures),
      lockouts: Number(d.lockouts),
      mfa: Number(d.mfa),
      credential_access: Number(d.credential_access),
    })),
    sessions_per_app: perApp.map((r) => ({ app_name: r.app_name ?? CORE_PLATFORM_NAME, count: Number(r.count) })),
    top_event_types: topTypes.map(counts),
    client_event_types: clientTypes.map(counts),
  };
}
