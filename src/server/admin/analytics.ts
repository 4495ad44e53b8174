import type { Hub } from '../hub';
import { readDailySignIns, readSessionsPerApp, readTopEventTypes } from './dashboard-queries';

export const ANALYTICS_DAYS = 30;
/** What the charts call sessions that belong to no OAuth client: the hub itself. */
export const CORE_PLATFORM_NAME = 'Ecosystem Hub';

export async function readAnalytics(hub: Hub) {
  const now = hub.clock();
  const [daily, perApp, topTypes] = await Promise.all([
    readDailySignIns(hub.db, now, ANALYTICS_DAYS),
    readSessionsPerApp(hub.db, now),
    readTopEventTypes(hub.db, now, ANALYTICS_DAYS),
  ]);
  return {
    daily: daily.map((d) => ({ date: d.date, sign_ins: Number(d.sign_ins), failures: Number(d.failures) })),
    sessions_per_app: perApp.map((r) => ({ app_name: r.app_name ?? CORE_PLATFORM_NAME, count: Number(r.count) })),
    top_event_types: topTypes.map((r) => ({ event_type: r.event_type, count: Number(r.count) })),
  };
}
