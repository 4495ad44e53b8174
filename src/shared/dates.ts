import { z } from 'zod';

/** The instants the hub accepts from clients: 1970-01-01 up to the last instant of 9999 (both inclusive). */
export const MIN_INSTANT_MS = 0;
/** One day in milliseconds (no daylight-saving: the hub counts days in UTC). */
export const DAY_MS = 86_400_000;
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function isInstantInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/**
 * An ISO 8601 date-time with an offset, bounded to years 1970–9999: every date a client sends
 * goes through this, so no year 0 or 33658 ever reaches the database (which refuses them).
 */
export const boundedDateTime = z.iso
  .datetime({ offset: true })
  .refine((v) => isInstantInRange(Date.parse(v)), 'must be between 1970-01-01 and 9999-12-31');
