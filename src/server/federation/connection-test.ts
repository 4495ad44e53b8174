import { X509Certificate } from 'node:crypto';
import type { Hub } from '../hub';
import type { Actor } from '../actor';
import { HubError } from '../errors';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { localizedErrorMessage, t, type MessageId } from '../i18n/translate';
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
type Values = Record<string, string | number>;

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 512 * 1024;

/**
 * A step's outcome: a stable `code` for programs (the catalogue message's id without its
 * `idp.test.` prefix) and the words for the administrator, in the request's language.
 */
interface Outcome {
  code: string;
  values?: Values;
}

class StepFailed extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.code);
  }
}

const fail = (code: string, values?: Values) => new StepFailed({ code, values });

function words(locale: Locale, { code, values }: Outcome): string {
  return t(locale, `idp.test.${code}` as MessageId, values);
}

async function run(steps: Step[], locale: Locale, name: Step['name'], body: () => Promise<Outcome>): Promise<void> {
  try {
    const outcome = await body();
    steps.push({ name, ok: true, code: outcome.code, detail: words(locale, outcome) });
  } catch (e) {
    if (e instanceof HubError) {
      const detail = localizedErrorMessage(locale, e);
      steps.push({ name, ok: false, code: e.code, detail });
      throw fail('requestFailed', { reason: e.message });
    }
    const outcome = failure(e);
    steps.push({ name, ok: false, code: outcome.code, detail: words(locale, outcome) });
    throw e instanceof StepFailed ? e : new StepFailed(outcome);
  }
}

/** What went wrong, in words an administrator acts on: never a URL's query, a header or a secret. */
function failure(e: unknown): Outcome {
  if (e instanceof StepFailed) return e.outcome;
  if (e instanceof UpstreamSignInError)
    return { code: e.unreachable ? 'unreachable' : 'unusable', values: { reason: e.reason } };
  return { code: 'requestFailed', values: { reason: describeOutboundError(e) } };
}

/** The status of a GET that must not fail on the server side; 4xx means the provider refused what it was sent. */
async function dryRequest(url: string, hub: Hub, refused: Outcome): Promise<number> {
  const res = await outboundRequest(
    url,
    { timeoutMs: TIMEOUT_MS, maxBytes: 1024, overflow: 'truncate' },
    outboundPolicy(hub.config),
  );
  if (res.status >= 500) throw fail('failing', { status: res.status });
  if (res.status >= 400) throw fail(refused.code, { status: res.status, ...refused.values });
  return res.status;
}

async function testOidc(hub: Hub, provider: IdentityProvider, steps: Step[], locale: Locale): Promise<void> {
  const settings = oidcSettingsOf(hub, provider);
  let config!: Awaited<ReturnType<typeof discoverOidcProvider>>;
  await run(steps, locale, 'discovery', async () => {
    config = await discoverOidcProvider(settings, outboundPolicy(hub.config));
    return { code: 'discovery.ok', values: { issuer: settings.issuer } };
  });
  await run(steps, locale, 'keys', async () => {
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!jwksUri) throw fail('keys.noJwksUri');
    const res = await outboundRequest(
      jwksUri,
      { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES },
      outboundPolicy(hub.config),
    );
    if (res.status !== 200) throw fail('keys.status', { url: jwksUri, status: res.status });
    let keys: unknown;
    try {
      keys = (JSON.parse(res.body.toString('utf8')) as { keys?: unknown }).keys;
    } catch {
      throw fail('keys.notJson', { url: jwksUri });
    }
    const signing = Array.isArray(keys) ? keys.filter((k) => (k as { use?: string }).use !== 'enc').length : 0;
    if (!signing) throw fail('keys.noSigningKey', { url: jwksUri });
    return { code: 'keys.ok', values: { count: signing, url: jwksUri } };
  });
  await run(steps, locale, 'authorization', async () => {
    const redirectUri = redirectUriOf(hub, provider.slug);
    const { url } = await buildOidcSignInUrl(config, { redirectUri, scopes: provider.scopes });
    const status = await dryRequest(url, hub, { code: 'authorization.refused', values: { redirectUri } });
    return { code: 'authorization.ok', values: { status } };
  });
}

async function testSaml(hub: Hub, provider: IdentityProvider, steps: Step[], now: Date, locale: Locale) {
  const idp = idpMetadataOf(provider);
  await run(steps, locale, 'metadata', async () => {
    if (!idp) throw fail('metadata.incomplete');
    return { code: 'metadata.ok', values: { entityId: idp.entityId, ssoUrl: idp.ssoUrl } };
  });
  await run(steps, locale, 'certificates', async () => {
    const validTo = idp!.certificates.map((pem) => {
      try {
        return new Date(new X509Certificate(pem).validTo);
      } catch {
        throw fail('certificates.unreadable');
      }
    });
    const latest = Math.max(...validTo.map((d) => d.getTime()));
    if (latest <= now.getTime()) throw fail('certificates.expired', { date: latest });
    return { code: 'certificates.ok', values: { count: validTo.length, date: latest } };
  });
  await run(steps, locale, 'sso_url', async () => {
    const { url } = await buildSamlSignInUrl(samlSettingsOf(hub, provider));
    const status = await dryRequest(url, hub, { code: 'sso.refused' });
    return { code: 'sso.ok', values: { status } };
  });
}

interface TestRun {
  result: ConnectionTestResult;
  /** The failed step's outcome, for the words the row keeps. */
  failure?: Outcome;
}

async function runTest(hub: Hub, provider: IdentityProvider, locale: Locale): Promise<TestRun> {
  const steps: Step[] = [];
  let failure: Outcome | undefined;
  try {
    if (provider.protocol === 'saml') await testSaml(hub, provider, steps, hub.clock(), locale);
    else await testOidc(hub, provider, steps, locale);
  } catch (e) {
    if (!(e instanceof StepFailed)) throw e;
    failure = e.outcome;
  }
  return { result: { ok: steps.every((s) => s.ok), steps }, failure };
}

/**
 * The words the row keeps of a failed test: the step and its detail. The row is read by every
 * administrator, each in their own language, so it keeps the hub's source language (as a
 * sign-in's failure does, sign-in/provider.ts).
 */
function healthErrorOf({ result, failure }: TestRun): string | null {
  const failed = result.steps.find((s) => !s.ok);
  return failed && failure ? `${failed.name}: ${words(DEFAULT_LOCALE, failure)}` : null;
}

/**
 * Test on save: a provider saved enabled must pass the test first, or the save is refused with the
 * failed step (400 connection_test_failed, the steps beside, in the administrator's language); the
 * administrator may save it disabled instead. Answers the passed test, for the row's health.
 */
export async function assertConnectionWorks(
  hub: Hub,
  candidate: IdentityProvider,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ConnectionTestResult> {
  const { result } = await runTest(hub, candidate, locale);
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
  const run = await runTest(hub, provider, actor.locale);
  const failed = run.result.steps.find((s) => !s.ok);
  await recordProviderHealth(hub.db, provider.id, { at: hub.clock(), error: healthErrorOf(run) });
  await hub.audit.record({
    type: 'identity_provider_tested',
    ...actor.audit,
    details: {
      provider_id: provider.id,
      provider: provider.slug,
      ok: run.result.ok,
      ...(failed ? { failed_step: failed.name } : {}),
    },
  });
  return run.result;
}
