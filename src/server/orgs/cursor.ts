import { HubError } from '../errors';

/** An opaque page cursor: the sort key of the last row, base64url JSON. */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The cursor this API issued, or a 400 for anything else (never a database error). */
export function decodeCursor<T extends object>(raw: string | undefined, keys: (keyof T & string)[]): T | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid =
      value &&
      typeof value === 'object' &&
      keys.every((k) => typeof value[k] === 'string' && (value[k] as string).length <= 64) &&
      keys.every((k) => (k === 'id' || k === 'userId' ? /^[0-9a-f-]{36}$/.test(value[k] as string) : true)) &&
      keys.every((k) => (/At$/.test(k) ? !Number.isNaN(Date.parse(value[k] as string)) : true));
    if (valid) return value as T;
  } catch {
    // Falls through to the refusal.
  }
  throw new HubError('invalid_request', 'cursor: not a cursor this API issued', { field: 'cursor' });
}
