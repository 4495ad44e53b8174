/**
 * `hub config import`: a document's differences from this hub, then (when the operator says so)
 * those differences applied in one transaction. Idempotent: a second import finds nothing to do.
 * Nothing is deleted — what this hub has and the document lacks is listed and kept. A new webhook
 * endpoint gets a fresh secret (secrets never travel), a new confidential client none (the operator
 * issues one), a new identity provider no client secret (the operator enters it).
 */
import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { readSetting, upsertSetting } from '../db/settings-queries';
import { generateWebhookSecret } from '../events/webhooks/channel';
import { WEBHOOK_SECRET_CONTEXT } from '../events/webhooks/secrets';
import { DOCUMENT_VERSION, REFERENCES, readSection, type ConfigDocument } from './document';
import {
  SECTIONS,
  SETTING_KEYS,
  insertSectionRow,
  providerSlugs,
  sectionColumns,
  updateSectionRow,
  type Section,
} from './queries';

export class ConfigDocumentError extends Error {
  override name = 'ConfigDocumentError';
}

export interface Change {
  section: string;
  key: string;
  action: 'add' | 'change';
  /** The fields that differ (for a change), as `field: before → after`. */
  fields: { field: string; from: unknown; to: unknown }[];
  /** The document's item, as read. */
  item: Record<string, unknown>;
}

export interface ImportPlan {
  changes: Change[];
  unchanged: number;
  /** Items this hub has that the document does not carry: kept. */
  kept: { section: string; key: string }[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function checkDocument(doc: unknown): ConfigDocument {
  if (typeof doc !== 'object' || doc === null || (doc as ConfigDocument).hub_config !== DOCUMENT_VERSION) {
    throw new ConfigDocumentError(
      `not a configuration document of this hub (expected "hub_config": ${DOCUMENT_VERSION})`,
    );
  }
  const known = new Set(['hub_config', 'settings', ...SECTIONS.map((s) => s.name)]);
  const unknown = Object.keys(doc).filter((k) => !known.has(k));
  if (unknown.length) throw new ConfigDocumentError(`unknown sections: ${unknown.join(', ')}`);
  return doc as ConfigDocument;
}

function checkItem(section: Section, item: unknown, keyField: string): Record<string, unknown> {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new ConfigDocumentError(`${section.name}: every entry must be an object`);
  }
  const record = item as Record<string, unknown>;
  if (typeof record[keyField] !== 'string' || !record[keyField]) {
    throw new ConfigDocumentError(`${section.name}: an entry has no "${keyField}"`);
  }
  const ref = REFERENCES[section.name];
  const fields = new Set([
    ...sectionColumns(section)
      .filter((c) => c.property !== ref?.property)
      .map((c) => c.field),
    ...(ref ? [ref.field] : []),
  ]);
  const unknown = Object.keys(record).filter((f) => !fields.has(f));
  if (unknown.length)
    throw new ConfigDocumentError(`${section.name} ${String(record[keyField])}: unknown fields ${unknown.join(', ')}`);
  return record;
}

export async function planImport(db: DbOrTx, raw: unknown): Promise<ImportPlan> {
  const doc = checkDocument(raw);
  const slugs = await providerSlugs(db);
  const plan: ImportPlan = { changes: [], unchanged: 0, kept: [] };
  for (const section of SECTIONS) {
    const keyField = sectionColumns(section).find((c) => c.property === section.key)!.field;
    const list = doc[section.name] ?? [];
    if (!Array.isArray(list)) throw new ConfigDocumentError(`${section.name} must be a list`);
    const current = new Map((await readSection(db, section, slugs)).map((i) => [String(i[keyField]), i]));
    const seen = new Set<string>();
    for (const entry of list) {
      const item = checkItem(section, entry, keyField);
      const key = String(item[keyField]);
      seen.add(key);
      const existing = current.get(key);
      if (!existing) {
        plan.changes.push({ section: section.name, key, action: 'add', fields: [], item });
        continue;
      }
      const fields = Object.keys(item)
        .filter((f) => !same(existing[f], item[f]))
        .map((field) => ({ field, from: existing[field], to: item[field] }));
      if (fields.length) plan.changes.push({ section: section.name, key, action: 'change', fields, item });
      else plan.unchanged++;
    }
    for (const key of current.keys()) if (!seen.has(key)) plan.kept.push({ section: section.name, key });
  }
  for (const [key, value] of Object.entries(doc.settings ?? {})) {
    if (!SETTING_KEYS.includes(key)) throw new ConfigDocumentError(`settings: unknown key ${key}`);
    const before = await readSetting(db, key);
    if (same(before, value)) plan.unchanged++;
    else
      plan.changes.push({
        section: 'settings',
        key,
        action: before === undefined ? 'add' : 'change',
        fields: [{ field: key, from: before, to: value }],
        item: { value },
      });
  }
  return plan;
}

/** The plan as an operator reads it: `+` added, `~` changed (field by field), then the counts. */
export function describePlan(plan: ImportPlan): string[] {
  const lines: string[] = [];
  for (const c of plan.changes) {
    if (c.action === 'add') lines.push(`+ ${c.section} ${c.key}`);
    else {
      lines.push(`~ ${c.section} ${c.key}`);
      for (const f of c.fields) lines.push(`    ${f.field}: ${JSON.stringify(f.from)} → ${JSON.stringify(f.to)}`);
    }
  }
  for (const k of plan.kept) lines.push(`= ${k.section} ${k.key} (not in the document: kept)`);
  const added = plan.changes.filter((c) => c.action === 'add').length;
  lines.push(`${added} to add, ${plan.changes.length - added} to change, ${plan.unchanged} unchanged.`);
  return lines;
}

/** Document fields → the table's properties for one item (the provider's slug back to its id). */
function toRow(section: Section, item: Record<string, unknown>, slugIds: Map<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { property, field } of sectionColumns(section)) if (field in item) row[property] = item[field];
  const ref = REFERENCES[section.name];
  if (ref && ref.field in item) {
    const slug = item[ref.field];
    if (slug !== null && !slugIds.has(String(slug))) {
      throw new ConfigDocumentError(`${section.name}: no identity provider "${String(slug)}"`);
    }
    row[ref.property] = slug === null ? null : slugIds.get(String(slug));
  }
  return row;
}

/** Applies a plan in one transaction (identity providers before the organizations that name them). */
export async function applyImport(hub: Hub, plan: ImportPlan): Promise<void> {
  if (plan.changes.length === 0) return;
  await hub.db.transaction(async (tx) => {
    for (const section of SECTIONS) {
      const slugIds = new Map([...(await providerSlugs(tx)).entries()].map(([id, slug]) => [slug, id]));
      for (const change of plan.changes.filter((c) => c.section === section.name)) {
        const row = toRow(section, change.item, slugIds);
        if (change.action === 'add') {
          if (section.fill === 'webhook_secret') {
            row.secretEnc = hub.secrets.seal(generateWebhookSecret(), WEBHOOK_SECRET_CONTEXT);
          }
          await insertSectionRow(tx, section, row);
        } else {
          await updateSectionRow(tx, section, change.key, row, hub.clock());
        }
      }
    }
    for (const change of plan.changes.filter((c) => c.section === 'settings')) {
      await upsertSetting(tx, change.key, change.item.value, hub.clock());
    }
    const added = plan.changes.filter((c) => c.action === 'add').length;
    await hub.audit.record(
      {
        type: 'config_change',
        details: { action: 'config_import', added, changed: plan.changes.length - added },
      },
      tx,
    );
  });
}
