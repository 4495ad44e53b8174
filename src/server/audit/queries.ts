import type { CounterKey } from '../auth/counter-key';
import { and, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { keysetAfter, keysetAt, keysetOrder, type Keyset, type KeysetPosition } from '../db/cursor';
import { auditLogs, platformUsers, rateLimitCounters, type AuditLogRow } from '../db/schema/index';
import type { AuditFilters } from './filters';
import { chainRowId } from './chain';
import { CHECKPOINT_EVENT } from './checkpoint-format';
import { AUDIT_BROWSER_PAGE_LOAD_TYPES } from '../../shared/audit-queue';

/** The browsers' page-load events, hidden from the viewer and export unless asked for. */
const IS_BROWSER_PAGE_LOAD = sql`(${auditLogs.source} = 'client' and ${auditLogs.eventType} in (${sql.join(
  AUDIT_BROWSER_PAGE_LOAD_TYPES.map((t) => sql`${t}`),
  sql`, `,
)}))`;

const { requestId: _requestId, ...listedColumns } = getTableColumns(auditLogs);

/** What the viewer and the export read of a row: every stored column but request_id, and the user's email. */
export const auditRowColumns = { ...listedColumns, userEmail: platformUsers.email };

export type AuditListRow = Omit<AuditLogRow, 'requestId'> & { userEmail: string | null };

/** A row of a page, with the position the next page starts after (db/cursor.ts). */
export type AuditPageRow = AuditListRow & { cursorAt: string };

/**
 * The order of a page, newest first: one global order over every chain (issue 43) — by time, then
 * chain and seq, which is the id's order (id = chain·2^40 + seq). Every filter index ends with
 * (occurred_at DESC, id DESC) (schema/audit.ts), so each page is an index range scan with LIMIT that
 * starts where the last one stopped, and a time range bounds it.
 */
const PAGE_ORDER: Keyset = { at: auditLogs.occurredAt, id: auditLogs.id, direction: 'desc' };

/** Checkpoints (issue 43) join the chains for verification; the viewer lists them only when asked by type. */
const IS_CHECKPOINT = sql`${auditLogs.eventType} = ${CHECKPOINT_EVENT}`;

function whereOf(filters: AuditFilters, cursor?: KeysetPosition): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filters.type ? eq(auditLogs.eventType, filters.type) : undefined,
    filters.severity ? eq(auditLogs.severity, filters.severity) : undefined,
    filters.userId ? eq(auditLogs.userId, filters.userId) : undefined,
    filters.source ? eq(auditLogs.source, filters.source) : undefined,
    filters.from ? gte(auditLogs.occurredAt, filters.from) : undefined,
    filters.to ? lte(auditLogs.occurredAt, filters.to) : undefined,
    filters.includeBrowser ? undefined : sql`not ${IS_BROWSER_PAGE_LOAD}`,
    filters.type ? undefined : sql`not ${IS_CHECKPOINT}`,
    keysetAfter(PAGE_ORDER, cursor),
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** The user an audit filter names by email (the log keeps ids; people type addresses). */
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.email, email))
    .limit(1);
  return row?.id ?? null;
}

/**
 * One page, newest first, after `cursor` (db/cursor.ts): each page is an index range scan that
 * starts where the last one stopped, so page 1,000 costs what page 1 does.
 */
export async function findAuditPage(
  db: DbOrTx,
  filters: AuditFilters,
  cursor: KeysetPosition | undefined,
  limit: number,
): Promise<AuditPageRow[]> {
  return db
    .select({ ...auditRowColumns, cursorAt: keysetAt(auditLogs.occurredAt) })
    .from(auditLogs)
    .leftJoin(platformUsers, eq(platformUsers.id, auditLogs.userId))
    .where(whereOf(filters, cursor))
    .orderBy(...keysetOrder(PAGE_ORDER))
    .limit(limit);
}

/**
 * Fixed-window counter shared by every process (rate_limit_counters). Returns the count in the
 * current window including this hit, and when that window started.
 */
export async function hitRateCounter(
  db: DbOrTx,
  key: CounterKey,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStartedAt: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${rateLimitCounters.windowStartedAt} <= ${windowStart}
          then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimitCounters.windowStartedAt} <= ${windowStart}
          then ${now} else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStartedAt: rateLimitCounters.windowStartedAt });
  return row;
}

/** The newest row of a chain that occurred before `cutoff` (retention boundary), or null. */
export async function findLastRowBefore(
  db: DbOrTx,
  cutoff: Date,
  chainId: number,
): Promise<{ id: number; hash: string } | null> {
  const found = await rows<{ id: string | number; hash: string }>(
    db,
    sql`select id, hash from audit_logs
        where id = (select max(id) from audit_logs where occurred_at < ${cutoff.toISOString()}::timestamptz
                      and id > ${chainRowId(chainId, 0)} and id < ${chainRowId(chainId + 1, 0)})`,
  );
  return found[0] ? { id: Number(found[0].id), hash: found[0].hash } : null;
}

/**
 * Where a slice of a pruning ends: the `limit`-th row after `afterId`, or `lastId` when fewer
 * rows lie between them (by primary key, so each slice reads only its own rows).
 */
export async function findSliceEnd(
  db: DbOrTx,
  afterId: number,
  lastId: number,
  limit: number,
): Promise<{ id: number; hash: string } | null> {
  const found = await rows<{ id: string | number; hash: string }>(
    db,
    sql`select id, hash from (select id, hash from audit_logs where id > ${afterId} and id <= ${lastId}
        order by id limit ${limit}) slice order by id desc limit 1`,
  );
  return found[0] ? { id: Number(found[0].id), hash: found[0].hash } : null;
}
