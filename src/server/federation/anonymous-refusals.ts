import type { AuditEvent } from '../audit/record';

/**
 * Which refusals of the sign-in detour and the link API are counted rather than written one by
 * one (the routes' `config.aggregateRefusals`, plugins/refusal-audit.ts). Anyone can send a
 * missing or forged `state`, an unknown slug, a disabled provider's callback or a spent link by
 * the thousand; such a refusal names no upstream identity, and its reason is the kind it is
 * counted under, per address, route and minute. A refusal that names a verified upstream subject
 * (a refused link, an unverified local account, a second factor still required) is an event
 * about that identity: it is always written (null).
 */
export function federationRefusalKind(event: AuditEvent): string | null {
  const details: object = event.details ?? {};
  if ('subject' in details && details.subject !== undefined) return null;
  return 'reason' in details && typeof details.reason === 'string' ? details.reason : 'refused';
}
