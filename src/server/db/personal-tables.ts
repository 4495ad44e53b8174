import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

/**
 * Which tables hold rows about a person, derived from the schema (one rule for the export and the
 * erasure, issue 41): a table with a `user_id` column or a NOT NULL foreign key to platform_users
 * holds the person's own rows (exported, erased); a nullable foreign key or a `*_by` column
 * (granted_by, decided_by, invited_by, …) only names them as who did something: those rows are
 * someone else's (not exported) and lose the name on erasure. A table added with
 * a user column joins both at once; the rows of a table with an `email` column addressed to the
 * person (invitations) are theirs as well; tests/server/account/privacy.test.ts checks the export holds
 * every such table's rows.
 */
export interface PersonalTable {
  name: string;
  /** Columns naming the person whose rows these are: `user_id`, or a NOT NULL foreign key to platform_users. */
  owners: string[];
  /** An `email` column: rows addressed to the person (an invitation) are theirs too. */
  email: string | null;
  /** Columns that only name a person as who did something (`*_by`): nulled on erasure, not exported. */
  mentions: string[];
  /** Columns never exported: hashes, sealed secrets, keys, challenges. */
  secret: string[];
}

/**
 * Tables left to their own rules: the audit chain is never edited (its personal data is
 * crypto-shredded, audit/shredding.ts) and the key tombstones stay; back-channel logouts owed
 * for the sessions erasure ends carry only ids and must still be sent.
 */
const LEFT_ALONE = new Set(['audit_logs', 'audit_subject_keys', 'backchannel_logouts', 'account_deletions']);

/** A column naming who did something. */
const BY_COLUMN = /^[a-z]+_by$/;

/** A column that holds a secret or its verifier: never part of an export. */
const SECRET_COLUMN = /(hash|secret|_enc|seed|private|public_key|challenge|sealed|counter|jwk|code_verifier)/;

function personalTables(): PersonalTable[] {
  const out: PersonalTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (LEFT_ALONE.has(config.name) || config.name === 'platform_users') continue;
    const toUsers = new Set(
      config.foreignKeys
        .map((fk) => fk.reference())
        .filter((ref) => getTableConfig(ref.foreignTable).name === 'platform_users')
        .flatMap((ref) => ref.columns.map((c) => c.name)),
    );
    const owners: string[] = [];
    const mentions: string[] = [];
    for (const c of config.columns) {
      if (c.name === 'user_id' || (toUsers.has(c.name) && c.notNull)) owners.push(c.name);
      else if (toUsers.has(c.name) || (c.getSQLType() === 'uuid' && BY_COLUMN.test(c.name))) mentions.push(c.name);
    }
    const email = config.columns.find((c) => c.name === 'email')?.name ?? null;
    if (owners.length === 0 && mentions.length === 0 && !email) continue;
    const secret = config.columns.map((c) => c.name).filter((n) => SECRET_COLUMN.test(n));
    out.push({ name: config.name, owners, email, mentions, secret });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const PERSONAL_TABLES: readonly PersonalTable[] = personalTables();
