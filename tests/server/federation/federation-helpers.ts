import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestHub } from '../../helpers/test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { auditLogs, authSessions } from '../../../src/server/db/schema/index';
import { SSO_STATE_COOKIE } from '../../../src/server/federation/state-cookie';
import { LINK_INTENT_COOKIE } from '../../../src/server/federation/link-intent';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { SESSION_COOKIE } from '../../../src/server/auth/sessions';
import { signInAtUpstream, type CookieJar, type Upstream } from './upstream-provider';
import type { SamlIdp } from './saml-idp';

/** The hub's callback for a provider slug: what the upstream's client registers. */
export function callbackOf(t: TestHub, slug: string): string {
  return `${t.hub.config.publicUrl}/auth/sso/${slug}/callback`;
}

/** Registers `upstream` at the hub through the admin API; returns the provider's id. */
export async function registerUpstream(
  t: TestHub,
  adminCookie: string,
  slug: string,
  upstream: Upstream,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.client.asBrowser(adminCookie).post('/api/admin/identity-providers', {
    body: {
      protocol: 'oidc',
      slug,
      display_name: `${slug} SSO`,
      issuer: upstream.issuer,
      client_id: upstream.clientId,
      client_secret: upstream.clientSecret,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().provider.id;
}

/** GET /auth/sso/:slug in a browser: the upstream URL it is sent to and the state cookie it keeps. */
export async function startAt(t: TestHub, slug: string, query = '', cookie?: string) {
  const res = await t.client.get(`/auth/sso/${slug}${query}`, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(302);
  const ssoCookie = cookieFrom(res, SSO_STATE_COOKIE)!;
  expect(ssoCookie).toBeTruthy();
  return { location: String(res.headers.location), ssoCookie };
}

/**
 * Linking from /account as the hub's page does it: POST /api/me/identities/link (which sets the
 * link intent, link-intent.ts), then `GET /auth/sso/:slug` + `query` in the same browser, holding
 * the session `cookie` and that intent. The upstream URL and the state cookie, as startAt.
 */
export async function startLinkAt(t: TestHub, slug: string, cookie: string, query = '?link=1') {
  const asked = await t.client.asBrowser(cookie).post('/api/me/identities/link', { body: { provider: slug } });
  expect(asked.statusCode, asked.body).toBe(200);
  const intent = cookieFrom(asked, LINK_INTENT_COOKIE);
  return startAt(t, slug, query, intent ? `${cookie}; ${intent}` : cookie);
}

/** The hub's callback as the browser reaches it (path and query of the URL the upstream sent it to). */
export function deliver(t: TestHub, callbackUrl: URL, cookie?: string) {
  return t.client.get(`${callbackUrl.pathname}${callbackUrl.search}`, cookie ? { cookie } : {});
}

/** The whole detour: start at the hub, sign in `account` at the upstream, come back. */
export async function signInVia(
  t: TestHub,
  slug: string,
  account: string,
  options: { query?: string; amr?: string[]; jar?: CookieJar } = {},
) {
  const { location, ssoCookie } = await startAt(t, slug, options.query ?? '');
  const back = await signInAtUpstream(location, account, options);
  return deliver(t, back, ssoCookie);
}

/** The session cookie a response set, and the session row behind it. */
export async function sessionOf(t: TestHub, res: { headers: Record<string, unknown> }) {
  const cookie = cookieFrom(res as never, SESSION_COOKIE);
  if (!cookie) return null;
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const [row] = await t.hub.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.sessionTokenHash, sha256Hex(token)));
  return { cookie, row };
}

/** The audit rows of one type (optionally whose details have `key` = `value`). */
/**
 * The audit rows of a type, opened (their personal details are sealed per person, audit/shredding.ts),
 * and those whose detail `key` is `value` when one is given.
 */
export async function auditRowsOf(t: TestHub, type: string, key?: string, value?: string) {
  const rows = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));
  const opened = await t.hub.audit.subjectKeys.openRows(t.hub.db, rows);
  return key ? opened.filter((r) => (r.details as Record<string, unknown> | null)?.[key] === value) : opened;
}

/**
 * Registers the IdP at the hub through the admin API as an administrator would: saved disabled,
 * the IdP told the hub's SP metadata, then enabled (which runs the connection test, issue 46),
 * unless `extra` says `enabled: false`.
 */
export async function registerSamlIdp(
  t: TestHub,
  adminCookie: string,
  slug: string,
  idp: SamlIdp,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const as = t.client.asBrowser(adminCookie);
  const res = await as.post('/api/admin/identity-providers', {
    body: {
      protocol: 'saml',
      slug,
      display_name: `${slug} SAML`,
      metadata_xml: idp.metadataXml,
      ...extra,
      enabled: false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const metadata = await t.client.get(`/auth/sso/${slug}/metadata`);
  expect(metadata.statusCode).toBe(200);
  idp.trust(metadata.body);
  const id = res.json().provider.id as string;
  if (extra.enabled !== false) {
    const enabled = await as.patch(`/api/admin/identity-providers/${id}`, { body: { enabled: true } });
    expect(enabled.statusCode, enabled.body).toBe(200);
  }
  return id;
}
