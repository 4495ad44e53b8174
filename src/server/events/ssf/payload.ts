import type { DerivedSecurityEvent } from './from-audit';

/*
 * What the outbox stores for an SSF stream's delivery (issue 30): the event and whom it is about,
 * signed into a SET only when sent (ssf/set.ts). Apart from the signing so the outbox, which every
 * audit append runs through, does not import the OAuth keys.
 */

/** What a delivery row of an SSF stream holds. */
export interface SsfPayload {
  /** The account the event is about: named as `iss_sub` when signed. */
  user_id?: string;
  /** A subject given whole (the verification event names its stream). */
  sub_id?: Record<string, string>;
  iat: number;
  events: Record<string, Record<string, unknown>>;
}

export function ssfPayload(event: DerivedSecurityEvent, at: Date): Record<string, unknown> {
  const seconds = Math.floor(at.getTime() / 1000);
  const payload: SsfPayload = {
    user_id: event.userId,
    iat: seconds,
    events: { [event.type]: { ...event.body, event_timestamp: seconds } },
  };
  return payload as unknown as Record<string, unknown>;
}
