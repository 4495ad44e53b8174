import { HubError } from '../errors';
import type { Hub } from '../hub';
import {
  checkOutboundHost,
  checkOutboundUrl,
  describeRefusal,
  outboundPolicy,
  OutboundRefusedError,
  resolveOutbound,
  type OutboundRefusal,
  type Resolver,
} from './outbound';

/**
 * The registration-time half of the outbound policy (net/outbound.ts), for every form that takes
 * a target the hub will call later (a webhook or SSF push URL, a SIEM sink, a client's jwks_uri
 * or back-channel logout URI): the spelling, and the addresses the name resolves to now. A name
 * that does not resolve yet is accepted: every call resolves and checks it again.
 */
export async function assertOutboundTarget(
  hub: Pick<Hub, 'config'>,
  field: string,
  target: string | { host: string; port: number },
  resolver?: Resolver,
): Promise<void> {
  const policy = outboundPolicy(hub.config, resolver);
  let host: string;
  if (typeof target === 'string') {
    const checked = checkOutboundUrl(target, policy);
    if ('refused' in checked) throw refusedTarget(field, checked.refused);
    host = checked.url.hostname;
  } else {
    if (!(Number.isInteger(target.port) && target.port > 0 && target.port < 65536))
      throw new HubError('invalid_request', `${field}: the port must be 1–65535.`, { field });
    host = target.host;
    const refused = checkOutboundHost(host, policy);
    if (refused) throw refusedTarget(field, refused);
  }
  if (policy.allowPrivate) return;
  try {
    await resolveOutbound(host, policy);
  } catch (e) {
    if (e instanceof OutboundRefusedError && e.refusal !== 'unresolved') throw refusedTarget(field, e.refusal);
  }
}

function refusedTarget(field: string, refusal: OutboundRefusal): HubError {
  return new HubError('invalid_request', `${field}: ${describeRefusal(refusal)}.`, { field });
}
