import type { z } from 'zod';
import type { overviewSchema } from '../../shared/admin-api';
import type { Hub } from '../hub';
import { findAppsSafe, readOverviewCounts } from './dashboard-queries';

export async function readOverview(hub: Hub) {
  const counts = await readOverviewCounts(hub.db, hub.clock());
  const numbers = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
  return { ...numbers, database: hub.database.kind } as z.output<typeof overviewSchema>;
}

export async function listApps(hub: Hub) {
  return findAppsSafe(hub.db);
}
