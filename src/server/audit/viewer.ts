import type { Hub } from '../hub';
import type { AuditFilterInput, AuditFilters } from './filters';
import { isUuid } from '../../shared/uuid';
import { chainOfId, seqOfId } from './chain';
import type { KeysetPosition } from '../db/cursor';
import { pageOf } from '../http/cursor';
import { findAuditPage, findUserIdByEmail, type AuditListRow, type AuditPageRow } from './queries';

/** Turns query-string filters into query filters; an email names its user. */
export async function resolveFilters(hub: Hub, input: AuditFilterInput): Promise<AuditFilters> {
  const filters: AuditFilters = {
    type: input.type,
    severity: input.severity,
    source: input.source,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
    includeBrowser: input.include_browser === 'true',
  };
  if (input.user_id) {
    const userId = isUuid(input.user_id) ? input.user_id : await findUserIdByEmail(hub.db, input.user_id.toLowerCase());
    if (userId) filters.userId = userId;
    else filters.matchesNothing = true;
  }
  return filters;
}

/** The API's projection of a row: explicit fields, snake_case. */
export function presentAuditRow(row: AuditListRow) {
  return {
    id: row.id,
    // Issue 43: the row's chain (its writer) and place in it, which its id encodes.
    chain_id: chainOfId(row.id),
    seq: seqOfId(row.id),
    occurred_at: row.occurredAt.toISOString(),
    event_type: row.eventType,
    severity: row.severity,
    user_id: row.userId,
    user_email: row.userEmail,
    session_id: row.sessionId,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    source: row.source,
    details: row.details,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}
export type AuditRowView = ReturnType<typeof presentAuditRow>;

/** Where the next page starts: the row's (occurred_at, id), whichever order the filters choose. */
function positionOf(row: AuditPageRow) {
  return { at: row.cursorAt, id: row.id };
}

/** One viewer page plus the cursor of the next one (null on the last page). */
export async function listAuditPage(
  hub: Hub,
  filters: AuditFilters,
  cursor: KeysetPosition | undefined,
  limit: number,
) {
  if (filters.matchesNothing) return { events: [], next_cursor: null };
  // One extra row tells whether another page exists without a count(*) over a million rows.
  const { page, next_cursor } = pageOf(await findAuditPage(hub.db, filters, cursor, limit + 1), limit, positionOf);
  return { events: (await hub.audit.subjectKeys.openRows(hub.db, page)).map(presentAuditRow), next_cursor };
}

/**
 * Every matching row, newest first, fetched in keyset chunks: memory holds one chunk at a
 * time, whatever the table size, and the consumer's pace (the HTTP socket) sets the pace.
 */
export async function* iterateAuditRows(
  hub: Hub,
  filters: AuditFilters,
  chunkSize = 1000,
): AsyncGenerator<AuditRowView> {
  if (filters.matchesNothing) return;
  let cursor: KeysetPosition | undefined;
  for (;;) {
    const chunk = await findAuditPage(hub.db, filters, cursor, chunkSize);
    for (const row of await hub.audit.subjectKeys.openRows(hub.db, chunk)) yield presentAuditRow(row);
    if (chunk.length < chunkSize) return;
    cursor = positionOf(chunk[chunk.length - 1]);
  }
}
