import type { Hub } from '../../hub';
import type { AuditSink } from '../../db/schema/index';

/** The sealing context of an https sink's auth header: a sealed value copied to another column does not open. */
export const SINK_AUTH_HEADER_CONTEXT = 'audit_sinks.auth_header';

export function openSinkAuthHeader(hub: Hub, sink: AuditSink): string | null {
  return sink.authHeaderEnc ? hub.secrets.open(sink.authHeaderEnc, SINK_AUTH_HEADER_CONTEXT) : null;
}
