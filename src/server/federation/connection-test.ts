import { X509Certificate } from 'node:crypto';
import type { Hub } from '../hub';
import type { Actor } from '../actor';
import { HubError } from '../errors';
import type { IdentityProvider } from '../db/schema/index';
import type { ConnectionTestResult } from '../../shared/api/federation';
import { describeOutboundError, outboundPolicy } from '../net/outbound';
import { outboundRequest } from '../net/outbound-http';
import { buildOidcSignInUrl, discoverOidcProvider, UpstreamSignInError } from './providers/oidc';
import { buildSamlSignInUrl } from './providers/saml/request';
import { findProviderById, recordProviderHealth } from './queries';
import { idpMetadataOf, redirectUriOf } from './provider-service';
import { oidcSettingsOf, samlSettingsOf } from './sign-in/provider';

/**
 * Issue 46: "is this provider reachable and set up?", answered the way a sign-in would find out,
 * before a person does. OpenID Connect: discovery, the key set, and a dry authorization request
 * (sent, never completed: its answer says whether the provider knows the client and the redirect
 * URI). SAML: the stored metadata, its certificates' validity, and the SSO URL answering. Steps
 * stop at the first failure; every request goes through the outbound policy.
 */

type Step = ConnectionTestResult['steps'][number];

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 512 * 1024;

class StepFailed extends Error {}

async function run(steps: Step[], name: Step['name'], body: () => Promise<string>): Promise<void> {
  try {
    steps.push({ name, ok: true, detail: await body() });
  } catch (e) {
    steps.push({ name, ok: false, detail: failureWords(e) });
    throw new StepFailed();
  }
}

/** What went wrong, in words an administrator acts on: never a URL's query, a header or a secret. */
function failureWords(e: unknown): string {
  if (e instanceof StepFailed || e instanceof HubError) return e.message;
  if (e instanceof UpstreamSignInError) return `${e.message.replace(/\.$/, '')} (${e.reason}).`;
  return `The request failed: ${describeOutboundError(e)}.`;
}

/** The status of a GET that must not fail on the server side; 4xx means the provider refused what it was sent. */
async function dryRequest(url: string, hub: Hub, refusedHint: string): Promise<string> {
  const res = await outboundRequest(
    url,
    { timeoutMs: TIMEOUT_MS, maxBytes: 1024, overflow: 'truncate' },
    outboundPolicy(hub.config),
  );
  if (res.status >= 500) throw new StepFailed(`The provider answered HTTP ${res.status}: it is failing right now.`);
  if (res.status >= 400) throw new StepFailed(`The provider refused the request (HTTP ${res.status}): ${refusedHint}`);
  return `The provider answered HTTP ${res.status}.`;
}

async function testOidc(hub: Hub, provider: IdentityProvider, steps: Step[]): Promise<void> {
  const settings = oidcSettingsOf(hub, provider);
  let config!: Awaited<ReturnType<typeof discoverOidcProvider>>;
  await run(steps, 'discovery', async () => {
    config = await discoverOidcProvider(settings, outboundPolicy(hub.config));
    return `Read the discovery document of ${settings.issuer}.`;
  });
  await run(steps, 'keys', async () => {
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!jwksUri) throw new StepFailed('The discovery document names no jwks_uri, so ID tokens cannot be verified.');
    const res = await outboundRequest(
      jwksUri,
      { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES },
      outboundPolicy(hub.config),
    );
    if (res.status !== 200) throw new StepFailed(`The key set at ${jwksUri} answered HTTP ${res.status}.`);
    let keys: unknown;
    try {
      keys = (JSON.parse(res.body.toString('utf8')) as { keys?: unknown }).keys;
    } catch {
      throw new StepFailed(`The key set at ${jwksUri} is not JSON.`);
    }
    const signing = Array.isArray(keys) ? keys.filter((k) => (k as { use?: string }).use !== 'enc').length : 0;
    if (!signing) throw new StepFailed(`The key set at ${jwksUri} holds no signing key.`);
    return `${signing} signing ${signing === 1 ? 'key' : 'keys'} at ${jwksUri}.`;
  });
  await run(steps, 'authorization', async () => {
    const redirectUri = redirectUriOf(hub, provider.slug);
    const { url } = await buildOidcSignInUrl(config, { redirectUri, scopes: provider.scopes });
    const answer = await dryRequest(
      url,
      hub,
      `check the client ID and that ${redirectUri} is registered as a redirect URI there.`,
    );
    return `${answer} It accepts the client ID and the redirect URI.`;
  });
}

async function testSaml(hub: Hub, provider: IdentityProvider, steps: Step[], now: Date): Promise<void> {
  const idp = idpMetadataOf(provider);
  await run(steps, 'metadata', async () => {
    if (!idp)
      throw new StepFailed('The provider has no complete metadata (entity ID, SSO URL and a signing certificate).');
    return `Entity ID ${idp.entityId}, single sign-on at ${idp.ssoUrl}.`;
  });
  await run(steps, 'certificates', async () => {
    const validTo = idp!.certificates.map((pem) => {
      try {
        return new Date(new X509Certificate(pem).validTo);
      } catch {
        throw new StepFailed('A signing certificate of the metadata cannot be read.');
      }
    });
    const latest = new Date(Math.max(...validTo.map((d) => d.getTime())));
    if (latest <= now)
      throw new StepFailed(`Every signing certificate has expired (the last on ${latest.toISOString().slice(0, 10)}).`);
    const count = `${validTo.length} signing ${validTo.length === 1 ? 'certificate' : 'certificates'}`;
    return `${count}, valid until ${latest.toISOString().slice(0, 10)}.`;
  });
  await run(steps, 'sso_url', async () => {
    const { url } = await buildSamlSignInUrl(samlSettingsOf(hub, provider));
    return dryRequest(url, hub, 'check that the provider knows the hub’s entity ID and ACS URL.');
  });
}

/** The steps of the test of a provider, stored or about to be (nothing is written). */
export async function runConnectionTest(hub: Hub, provider: IdentityProvider): Promise<ConnectionTestResult> {
  const steps: Step[] = [];
  try {
    if (provider.protocol === 'saml') await testSaml(hub, provider, steps, hub.clock());
    else await testOidc(hub, provider, steps);
  } catch (e) {
    if (!(e instanceof StepFailed)) throw e;
  }
  return { ok: steps.every((s) => s.ok), steps };
}

/** The words the row keeps of a failed test: the step and its detail. */
export function healthErrorOf(result: ConnectionTestResult): string | null {
  const failed = result.steps.find((s) => !s.ok);
  return failed ? `${failed.name}: ${failed.detail}` : null;
}

/**
 * Test on save: a provider saved enabled must pass the test first, or the save is refused with the
 * failed step (400 connection_test_failed, the steps beside); the administrator may save it
 * disabled instead. Answers the passed test, for the row's health.
 */
export async function assertConnectionWorks(hub: Hub, candidate: IdentityProvider): Promise<ConnectionTestResult> {
  const result = await runConnectionTest(hub, candidate);
  const failed = result.steps.find((s) => !s.ok);
  if (failed) {
    throw new HubError(
      'connection_test_failed',
      `The connection test failed at the ${failed.name} step: ${failed.detail} Save the provider disabled to keep it anyway.`,
      { failed_step: failed.name, steps: result.steps },
    );
  }
  return result;
}

/** Runs the test for a stored provider, keeps its outcome on the row, and audits it. */
export async function testProviderConnection(hub: Hub, id: string, actor: Actor): Promise<ConnectionTestResult> {
  const provider = await findProviderById(hub.db, id);
  if (!provider) throw new HubError('not_found', 'No such identity provider.');
  const result = await runConnectionTest(hub, provider);
  const failed = result.steps.find((s) => !s.ok);
  await recordProviderHealth(hub.db, provider.id, { at: hub.clock(), error: healthErrorOf(result) });
  await hub.audit.record({
    type: 'identity_provider_tested',
    ...actor.audit,
    details: {
      provider_id: provider.id,
      provider: provider.slug,
      ok: result.ok,
      ...(failed ? { failed_step: failed.name } : {}),
    },
  });
  return result;
}
