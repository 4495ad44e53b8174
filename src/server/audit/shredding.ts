import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { createSecretBox, type SecretBox } from '../crypto/secrets';
import type { StepsWrite } from '../db/writes';
import { findSubjectKeys, storeSubjectKeysWrite } from './subject-key-queries';
import { isUuid } from '../../shared/uuid';

/**
 * Crypto-shredding of the personal data in audit rows (issue 41). Before a row is chained, its
 * IP address and user agent are sealed under its actor's key, and the personal fields of its
 * details (emails, names, free text: PERSONAL_DETAIL_KEYS) under the key of the person they are
 * about (`target_user_id`, `owner_user_id`, else the actor). Keys live in audit_subject_keys,
 * sealed by the master key; erasure destroys the person's key, after which every value sealed
 * under it reads as ERASED_PERSON. The chain covers the sealed form, so it still verifies.
 *
 * A sealed value is `erasable:v1:<user_id>:<key_id>:<base64url(iv ‖ AES-256-GCM ciphertext ‖ tag)>`,
 * the user id as associated data.
 * Values of rows without a person (an unknown email's failed sign-in) stay as they are.
 */
export const ERASED_PERSON = 'erased person';
const PREFIX = 'erasable:v1:';
const UUID_LENGTH = 36;

/** Keys of `details` (at any depth) whose string values are personal data. */
const PERSONAL_DETAIL_KEYS = new Set([
  'email',
  'old_email',
  'new_email',
  'full_name',
  'given_name',
  'family_name',
  'display_name',
  'justification',
  'ip_address',
  'user_agent',
]);
/** Any other key naming an address or a person's name by its suffix (`admin_email`, `requester_full_name`…). */
const PERSONAL_KEY_SUFFIX = /_(email|full_name|ip_address|user_agent)$/;
/** Event types whose `name` is the person's own words (a passkey's label), not an organization's or an app's. */
const PERSONAL_NAME_EVENTS = /^passkey_/;

/** A stored row's fields that opening reads. */
export interface OpenableRow {
  ipAddress: string | null;
  userAgent: string | null;
  details: unknown;
}

/** A row's fields that shredding reads and writes: the stored audit row's subset. */
export interface ShreddableRow {
  eventType: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

/** Whose personal data the details carry. */
function detailsSubject(row: ShreddableRow): string | null {
  const d = row.details;
  for (const k of ['target_user_id', 'owner_user_id'] as const) {
    if (typeof d[k] === 'string' && isUuid(d[k])) return d[k];
  }
  return row.userId;
}

/** The people whose keys sealing this row needs. */
export function subjectsOf(row: ShreddableRow): string[] {
  const subject = detailsSubject(row);
  if (!row.userId) return subject ? [subject] : [];
  return subject && subject !== row.userId ? [row.userId, subject] : [row.userId];
}

/** A person's key as this node seals with it. */
export interface SubjectKey {
  keyId: string;
  key: Buffer;
}

function sealValue(userId: string, k: SubjectKey, plaintext: string): string {
  const { key } = k;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ct = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${userId}:${k.keyId}:${ct.toString('base64url')}`;
}

/** The person a sealed value belongs to, or null when the value is not sealed. */
export function sealedFor(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return null;
  const id = value.slice(PREFIX.length, PREFIX.length + UUID_LENGTH);
  return value[PREFIX.length + UUID_LENGTH] === ':' ? id : null;
}

/** `keys`: opened keys by `<user_id>:<key_id>`. */
function openValue(value: string, keys: ReadonlyMap<string, Buffer>): string {
  const userId = sealedFor(value);
  if (!userId) return value;
  const rest = value.slice(PREFIX.length + UUID_LENGTH + 1);
  const colon = rest.indexOf(':');
  const key = colon > 0 ? keys.get(`${userId}:${rest.slice(0, colon)}`) : undefined;
  const body = Buffer.from(rest.slice(colon + 1), 'base64url');
  if (!key || body.length < 28) return ERASED_PERSON;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(12, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return ERASED_PERSON;
  }
}

function mapDetails(value: unknown, personal: (k: string) => boolean, f: (s: string) => unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => mapDetails(v, personal, f, depth + 1));
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const next = typeof v === 'string' ? (personal(k) ? f(v) : v) : mapDetails(v, personal, f, depth + 1);
    if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = next;
  }
  return out ?? value;
}

/** The row with its personal data sealed under the keys given (every subject of the row must be in `keys`). */
export function sealRow<R extends ShreddableRow>(row: R, keys: ReadonlyMap<string, SubjectKey>): R {
  const subjects = subjectsOf(row);
  if (subjects.length === 0) return row;
  const actor = row.userId;
  const subject = detailsSubject(row);
  const seal = (id: string, v: string | null) => (v === null || sealedFor(v) ? v : sealValue(id, keys.get(id)!, v));
  const names = PERSONAL_NAME_EVENTS.test(row.eventType);
  const personal = (k: string) => PERSONAL_DETAIL_KEYS.has(k) || PERSONAL_KEY_SUFFIX.test(k) || (names && k === 'name');
  return {
    ...row,
    ipAddress: actor ? seal(actor, row.ipAddress) : row.ipAddress,
    userAgent: actor ? seal(actor, row.userAgent) : row.userAgent,
    details: subject
      ? (mapDetails(row.details, personal, (v) => seal(subject, v) ?? v) as Record<string, unknown>)
      : row.details,
  };
}

/** The row as people read it: every sealed value opened, or ERASED_PERSON where the key is gone. */
export function openRow<R extends OpenableRow>(row: R, keys: ReadonlyMap<string, Buffer>): R {
  const open = (v: string | null) => (v === null ? v : openValue(v, keys));
  return {
    ...row,
    ipAddress: open(row.ipAddress),
    userAgent: open(row.userAgent),
    details: mapDetails(
      row.details,
      () => true,
      (v) => openValue(v, keys),
    ),
  };
}

/** Every person a stored row holds sealed values of. */
function sealedSubjects(row: OpenableRow, into: Set<string>) {
  for (const v of [row.ipAddress, row.userAgent]) {
    const id = sealedFor(v);
    if (id) into.add(id);
  }
  mapDetails(
    row.details,
    () => true,
    (v) => {
      const id = sealedFor(v);
      if (id) into.add(id);
      return v;
    },
  );
}

/** The row with every value sealed for someone other than `userId` left out (null). */
function withoutOthers<R extends OpenableRow>(row: R, userId: string): R {
  const other = (v: string | null) => {
    const id = sealedFor(v);
    return id && id !== userId ? null : v;
  };
  return {
    ...row,
    ipAddress: other(row.ipAddress),
    userAgent: other(row.userAgent),
    details: mapDetails(row.details, () => true, other),
  };
}

/** The sealing context of every person's key (the user id is the AAD of what each key seals). */
/** The context a person's audit key is sealed under (the rotation inventory re-seals it by this name). */
export const SUBJECT_KEY_CONTEXT = 'audit_subject_keys.sealed_key';

export interface SubjectKeys {
  /**
   * The keys to seal a batch with, and the write that stores those this node made and has not
   * seen committed yet (null when none): it rides in the append's own statement, so sealing
   * never reads the database. Call `stored` once that append committed outside a transaction.
   */
  keysFor(userIds: Iterable<string>): { keys: Map<string, SubjectKey>; write: StepsWrite | null; fresh: string[] };
  /** The append that carried these people's new keys committed: later appends need not carry them. */
  stored(userIds: string[]): void;
  /**
   * Opens stored rows for reading (viewer, exports, SIEM): keys read fresh from the database.
   * `onlyFor`: open only that person's values and leave out everyone else's (null), for the
   * person's own export.
   */
  openRows<R extends OpenableRow>(db: DbOrTx, rows: R[], onlyFor?: string): Promise<R[]>;
  /** Erasure on this node: its key of the person is dropped (other nodes' keys are gone from the table). */
  forget(userId: string): void;
}

/** Keys kept per node; past this the oldest is dropped (a person seen again gets a new key). */
const CACHE_MAX = 50_000;

export function createSubjectKeys(masterKey: Buffer, clock: () => Date): SubjectKeys {
  const box: SecretBox = createSecretBox(masterKey);
  /** This node's key of each person; `pending` until an append that stores it committed. */
  const cache = new Map<string, SubjectKey & { pending: boolean; sealed: string }>();
  return {
    keysFor(userIds) {
      const keys = new Map<string, SubjectKey>();
      const toStore: { userId: string; keyId: string; sealedKey: string }[] = [];
      for (const userId of userIds) {
        let k = cache.get(userId);
        if (!k) {
          const key = randomBytes(32);
          k = {
            keyId: randomBytes(6).toString('base64url'),
            key,
            pending: true,
            sealed: box.seal(key.toString('base64'), SUBJECT_KEY_CONTEXT),
          };
          if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
          cache.set(userId, k);
        }
        keys.set(userId, k);
        if (k.pending) toStore.push({ userId, keyId: k.keyId, sealedKey: k.sealed });
      }
      return {
        keys,
        write: toStore.length ? storeSubjectKeysWrite(toStore, clock()) : null,
        fresh: toStore.map((k) => k.userId),
      };
    },
    stored(userIds) {
      for (const id of userIds) {
        const k = cache.get(id);
        if (k) k.pending = false;
      }
    },
    async openRows(db, rows, onlyFor) {
      const ids = new Set<string>();
      for (const r of rows) sealedSubjects(r, ids);
      if (onlyFor) rows = rows.map((r) => withoutOthers(r, onlyFor));
      if (ids.size === 0) return rows;
      if (onlyFor) for (const id of ids) if (id !== onlyFor) ids.delete(id);
      const keys = new Map<string, Buffer>();
      for (const [id, sealed] of await findSubjectKeys(db, [...ids])) {
        try {
          keys.set(id, Buffer.from(box.open(sealed, SUBJECT_KEY_CONTEXT), 'base64'));
        } catch {
          // A key that does not open reads as erased.
        }
      }
      return rows.map((r) => openRow(r, keys));
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}
