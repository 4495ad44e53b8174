import type { Hub } from '../../hub';
import type { WebhookEndpoint } from '../../db/schema/index';

/** The sealing contexts of an endpoint's secrets: a sealed value copied to another column does not open. */
export const WEBHOOK_SECRET_CONTEXT = 'webhook_endpoints.secret';
export const WEBHOOK_PREVIOUS_SECRET_CONTEXT = 'webhook_endpoints.previous_secret';

/** How long the previous secret still signs after a rotation (receivers switch meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** The secrets that sign a delivery made `at`: the current one, and the previous one during its overlap. */
export function openEndpointSecrets(hub: Hub, endpoint: WebhookEndpoint, at: Date): string[] {
  const secrets = [hub.secrets.open(endpoint.secretEnc, WEBHOOK_SECRET_CONTEXT)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at) {
    secrets.push(hub.secrets.open(endpoint.previousSecretEnc, WEBHOOK_PREVIOUS_SECRET_CONTEXT));
  }
  return secrets;
}
