/**
 * The configuration document: `{ "hub_config": 1, "<section>": [ {…}, … ], "settings": {…} }`,
 * every list sorted by its key and every object's fields sorted, so two exports of the same
 * configuration are the same bytes and a diff in version control shows only what changed.
 */
import type { DbOrTx } from '../db/client';
import {
  SECTIONS,
  providerSlugs,
  sectionColumns,
  selectConfigSettings,
  selectSectionRows,
  type Section,
} from './queries';

export const DOCUMENT_VERSION = 1;
type Item = Record<string, unknown>;
export type ConfigDocument = { hub_config: number; settings: Record<string, unknown> } & Record<string, unknown>;

/** Ids that differ between hubs are carried by the natural key of what they point to. */
export const REFERENCES: Record<string, { property: string; field: string }> = {
  organizations: { property: 'requireSsoProviderId', field: 'require_sso_provider' },
};

function sortedObject(entries: [string, unknown][]): Item {
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** A section's rows as document items (field → value), sorted by key. */
export async function readSection(db: DbOrTx, section: Section, slugs: Map<string, string>): Promise<Item[]> {
  const rows = await selectSectionRows(db, section);
  const columns = sectionColumns(section);
  const ref = REFERENCES[section.name];
  const keyField = columns.find((c) => c.property === section.key)!.field;
  return rows
    .map((row) =>
      sortedObject(
        columns.map(({ property, field }) =>
          ref?.property === property
            ? [ref.field, row[property] === null ? null : (slugs.get(row[property] as string) ?? null)]
            : [field, row[property] ?? null],
        ),
      ),
    )
    .sort((a, b) => String(a[keyField]).localeCompare(String(b[keyField])));
}

export async function exportConfig(db: DbOrTx): Promise<ConfigDocument> {
  const slugs = await providerSlugs(db);
  const doc: ConfigDocument = { hub_config: DOCUMENT_VERSION, settings: {} };
  for (const section of SECTIONS) doc[section.name] = await readSection(db, section, slugs);
  const settings = await selectConfigSettings(db);
  doc.settings = sortedObject(settings.map((s) => [s.key, s.value]));
  return doc;
}
