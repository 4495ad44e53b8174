import { z } from 'zod';

/** Wire schemas of the person's copy of their data and of erasure (issue 41). */

/** POST /api/me/deletion: the typed confirmation is the account's email address. */
export const deletionRequestBodySchema = z.object({
  confirmation: z.string().max(320).describe("the account's email address, typed by the person"),
});

/** GET/POST/DELETE /api/me/deletion, and the admin's schedule: whether an erasure is pending, and when. */
export const deletionStatusSchema = z.object({
  scheduled: z.boolean(),
  requested_at: z.string().nullable(),
  due_at: z.string().nullable().describe('when the sweep erases the account; null when none is scheduled'),
  erased: z.boolean().describe('true when the account was erased at once (grace period 0)'),
  awaiting_approval: z
    .boolean()
    .describe("an administrator's erasure of an administrator waits for a second, independent administrator"),
});
export type DeletionStatus = z.output<typeof deletionStatusSchema>;

/** One row of a table, as stored, without its secret columns (hashes, sealed secrets, keys). */
const tableRowSchema = z.record(z.string(), z.unknown());

/**
 * GET /api/me/export: everything the hub holds about the person. `tables` has one entry per
 * table with rows about them (src/server/db/personal-tables.ts), each the rows as stored minus
 * secret columns; `audit_events` the audit rows that name them (as actor or target), personal
 * fields opened.
 */
export const personalDataExportSchema = z
  .object({
    format: z.literal('ecosystem-hub-personal-data/v1'),
    exported_at: z.string(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      email_verified_at: z.string().nullable(),
      full_name: z.string().nullable(),
      organization: z.string().nullable(),
      department: z.string().nullable(),
      locale: z.string().nullable(),
      is_active: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
      last_login_at: z.string().nullable(),
    }),
    tables: z.record(z.string(), z.array(tableRowSchema)).describe('rows about the person, by table name'),
    audit_events: z.array(
      z.object({
        id: z.number(),
        occurred_at: z.string(),
        event_type: z.string(),
        severity: z.string(),
        user_id: z.string().nullable(),
        ip_address: z.string().nullable(),
        user_agent: z.string().nullable(),
        source: z.string(),
        details: z.unknown(),
      }),
    ),
  })
  .describe('Personal data export (GDPR Art. 15/20)');
export type PersonalDataExport = z.output<typeof personalDataExportSchema>;
