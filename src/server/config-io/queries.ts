/**
 * What `hub config export|import` carries (issue 45): the configuration an operator builds a
 * staging hub from, or keeps in version control — never people, sessions, audit rows or state, and
 * never a secret. Each section is one table seen through a natural key (client_id, slug, url, name)
 * and the columns that are configuration; everything else (ids, timestamps, sealed secrets,
 * delivery state) stays behind.
 */
import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import {
  hubSettings,
  identityProviders,
  oauthClients,
  organizationRoles,
  organizations,
  webhookEndpoints,
} from '../db/schema/index';

export interface Section {
  name: string;
  table: PgTable;
  /** The natural key's property (document field = its column name). */
  key: string;
  /** The rows of the table that are configuration (admin-registered clients, webhook endpoints). */
  where?: SQL;
  /** Properties never exported: ids, timestamps, secrets, runtime state. */
  omit: string[];
  /** Values a new row needs that the document does not carry (a fresh secret, the channel). */
  fill?: 'webhook_secret';
}

const TIMES = ['createdAt', 'updatedAt'];

export const SECTIONS: Section[] = [
  {
    name: 'clients',
    table: oauthClients,
    key: 'clientId',
    where: eq(oauthClients.registration, 'admin'),
    omit: [
      'id',
      'clientSecretHash',
      'clientSecretEnc',
      'previousSecretHash',
      'previousSecretEnc',
      'previousSecretExpiresAt',
      'apiKeyEnc',
      'webhookSecretEnc',
      'registration',
      'registeredVia',
      'initialAccessTokenId',
      'registrationAccessTokenHash',
      'metadataDocumentExpiresAt',
      'createdBy',
      ...TIMES,
    ],
  },
  {
    name: 'identity_providers',
    table: identityProviders,
    key: 'slug',
    omit: ['id', 'clientSecretEnc', 'lastOkAt', 'lastError', 'lastErrorAt', ...TIMES],
  },
  {
    name: 'organization_roles',
    table: organizationRoles,
    key: 'name',
    omit: ['createdAt'],
  },
  {
    name: 'organizations',
    table: organizations,
    key: 'slug',
    // The required provider is exported by its slug (document.ts maps it).
    omit: ['id', ...TIMES],
  },
  {
    name: 'webhooks',
    table: webhookEndpoints,
    key: 'url',
    where: and(eq(webhookEndpoints.channel, 'webhook')),
    omit: [
      'id',
      'secretEnc',
      'previousSecretEnc',
      'previousSecretUntil',
      'disabledReason',
      'failureStreak',
      'channel',
      'paused',
      ...TIMES,
    ],
    fill: 'webhook_secret',
  },
];

/** Document field name ↔ table property, for the columns a section carries. */
export function sectionColumns(section: Section): { property: string; field: string }[] {
  return Object.entries(getTableColumns(section.table))
    .filter(([property]) => !section.omit.includes(property))
    .map(([property, column]) => ({ property, field: column.name }))
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** The hub_settings keys that are configuration (a policy an administrator set), exported as they are. */
export const SETTING_KEYS = ['oauth.dcr_policy', 'sign_in_settings'];

type Row = Record<string, unknown>;

export async function providerSlugs(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: identityProviders.id, slug: identityProviders.slug }).from(identityProviders);
  return new Map(rows.map((r) => [r.id, r.slug]));
}

export async function selectSectionRows(db: DbOrTx, section: Section): Promise<Row[]> {
  return (await db.select().from(section.table).where(section.where)) as Row[];
}

export async function selectConfigSettings(db: DbOrTx): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: hubSettings.key, value: hubSettings.value })
    .from(hubSettings)
    .where(inArray(hubSettings.key, SETTING_KEYS));
}

export async function insertSectionRow(tx: DbOrTx, section: Section, row: Row): Promise<void> {
  await tx.insert(section.table).values(row);
}

/** Updates the row with this natural key (and its updated_at, where the table has one). */
export async function updateSectionRow(tx: DbOrTx, section: Section, key: string, row: Row, now: Date): Promise<void> {
  const columns = getTableColumns(section.table);
  await tx
    .update(section.table)
    .set('updatedAt' in columns ? { ...row, updatedAt: now } : row)
    .where(eq(columns[section.key]!, key));
}
