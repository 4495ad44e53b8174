import { sql, type SQL } from 'drizzle-orm';
import { hasCauseCode } from '../error-causes';

/**
 * A write handed to a unit of work (audit/unit-of-work.ts) by the module that owns its table
 * (auth/session-queries.ts, auth/user-queries.ts, auth/sign-in-limit-queries.ts,
 * oauth/code-exchange.ts): it commits in the same statement as the audit record that reports it,
 * or not at all. The owner writes the SQL; how writes are named, merged, gated and required is
 * decided here, once, so no caller has to know the statement it ends up in.
 */
export type Write = RowsWrite | StepsWrite;

/**
 * Rows for one table. A unit of work merges the rows of every write with the same `key` into one
 * statement, so a batch of 200 grants inserts its 200 session rows with one insert.
 */
export interface RowsWrite {
  kind: 'rows';
  key: string;
  /** Each row as JSON object text. */
  rows: string[];
  /** The statement for `json` (a JSON array of the rows), writing only when `guard` holds; ends in RETURNING. */
  statement: (json: string, guard: SQL) => SQL;
  /**
   * Every row is required, under this name: the merged insert must return one row per row given,
   * or the whole statement fails with WriteNotApplied (HU001), as a `requireOne` step does — one
   * insert for the used DPoP proof IDs of a whole batch instead of one per unit. Writes of one key
   * come from one owner and are all required or all not.
   */
  requireEach?: string;
}

/**
 * Data-modifying steps that may read each other's RETURNING through `ref(name)`; names are local
 * to the write (the statement they join gives them names of its own). Every step ends in
 * RETURNING, so that the statement can count what each step did.
 */
export interface StepsWrite {
  kind: 'steps';
  steps: { name: string; body: (ctx: StepContext) => SQL }[];
  /**
   * The whole unit — audit rows included — fails with WriteNotApplied unless this step returned
   * exactly one row: for a record that may exist only if its change happened (`oauth_token_issued`
   * only with its code consumed). Such a write commits in a unit of its own, so its failure never
   * takes other requests' records with it.
   */
  requireOne?: string;
}

export interface StepContext {
  /** True only when the statement's own purpose goes through (e.g. the audit append): put it in the WHERE. */
  guard: SQL;
  /** The name under which an earlier step of the same write can be read. */
  ref: (step: string) => SQL;
}

/** One data-modifying statement, gated by the guard (`returning 1` is added). */
export function statementWrite(body: (guard: SQL) => SQL): StepsWrite {
  return { kind: 'steps', steps: [{ name: 'write', body: ({ guard }) => sql`${body(guard)} returning 1` }] };
}

/**
 * Whether any of these writes is required (`requireOne`, `requireEach`): it may fail its unit on
 * purpose, so the unit commits alone unless committed with `batchRequired` (audit/unit-of-work.ts).
 */
export function hasRequiredWrite(writes: readonly Write[]): boolean {
  return writes.some((w) => (w.kind === 'steps' ? w.requireOne : w.requireEach) !== undefined);
}

/**
 * The writes as CTEs of one statement: `w0 as (…)`, `w1_code as (…)`, with every name given here
 * (`defs`, and `following`: the same behind a comma, to follow a statement's own CTEs), the
 * names (for statements that must read each CTE to order their work), and a WHERE
 * clause that fails the statement unless every required step returned exactly one row, and every
 * required merged insert one row per row (in the
 * WHERE — a one-time filter, evaluated before any row — never as an unread column, which the
 * planner would drop).
 */
export function compileWrites(writes: readonly Write[], guard: SQL) {
  const defs: SQL[] = [];
  const names: string[] = [];
  const required: SQL[] = [];
  const cte = (name: string, body: SQL) => {
    defs.push(sql`${sql.raw(name)} as (${body})`);
    names.push(name);
  };
  const merged = new Map<string, { first: RowsWrite; rows: string[] }>();
  for (const w of writes) {
    if (w.kind !== 'rows') continue;
    const m = merged.get(w.key);
    if (m) m.rows.push(...w.rows);
    else merged.set(w.key, { first: w, rows: [...w.rows] });
  }
  writes.forEach((w, i) => {
    if (w.kind === 'rows') {
      const m = merged.get(w.key);
      if (m?.first !== w) return;
      cte(`w${i}`, w.statement(`[${m.rows.join(',')}]`, guard));
      // One returned row per row given, as one required step's exactly one: 1 when all went in.
      if (w.requireEach !== undefined)
        required.push(
          sql`hub_require_one(((select count(*) from ${sql.raw(`w${i}`)}) = ${m.rows.length}::bigint)::int, ${w.requireEach})`,
        );
      return;
    }
    const local = stepName(w, i);
    const ref = (step: string) => sql.raw(local(step));
    for (const s of w.steps) cte(local(s.name), s.body({ guard, ref }));
    if (w.requireOne !== undefined) {
      const name = local(w.requireOne);
      required.push(sql`hub_require_one((select count(*) from ${sql.raw(name)}), ${w.requireOne})`);
    }
  });
  return {
    defs,
    following: defs.length ? sql`, ${sql.join(defs, sql`, `)}` : sql``,
    names,
    where: required.length ? sql` where ${sql.join(required, sql` and `)}` : sql``,
  };
}

/** A step's name in the statement: unique per write (its position), so no two writes can clash. */
function stepName(w: StepsWrite, position: number) {
  return (step: string) => {
    if (!w.steps.some((s) => s.name === step)) throw new Error(`write has no step ${step}`);
    return `w${position}_${step}`;
  };
}

/** The failure of a unit whose required write returned no row (hub_require_one, SQLSTATE HU001). */
export function isWriteNotApplied(e: unknown): boolean {
  return hasCauseCode(e, (code) => code === 'HU001');
}

/**
 * Runs writes as a statement of their own (no audit record): `select` reads the steps' results
 * through `ref` (e.g. the code exchange's one-statement path reads the consumed row).
 */
export function standaloneStatement(write: StepsWrite, select: (ref: (step: string) => SQL) => SQL): SQL {
  const { defs } = compileWrites([write], sql`true`);
  const local = stepName(write, 0);
  return sql`with ${sql.join(defs, sql`, `)} ${select((step) => sql.raw(local(step)))}`;
}
