import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, signedInUser } from '../../helpers/fixtures';
import { authorize, basic, exchangeCode, registerClient, type RegisteredClient } from '../oauth/oauth-helpers';
import { auditLogs, ssfStreams, webhookDeliveries, webhookEndpoints } from '../../../src/server/db/schema/index';
import { SSF_EVENTS } from '../../../src/shared/api/ssf';

/**
 * Issue 38, finding 10: an SSF stream hears only of the users of its client — those who consented
 * to it, or signed in to it when it is a platform (consented by its registration) — unless an
 * administrator marks its receiver first-party; and `subjects/add` answers alike whether or not an
 * address has an account, with nothing to learn from what is delivered afterwards either.
 * Only the outbox rows are looked at (what would be pushed): nothing is sent anywhere.
 */
describe.each(TEST_DATABASES)('SSF stream audience [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let outside: RegisteredClient;
  let platform: RegisteredClient;

  beforeAll(async () => {
    const scopes = ['openid', 'ssf.manage'];
    outside = await registerClient(t, {
      app_name: 'Outside Co',
      app_type: 'third_party',
      app_url: 'https://outside.example.test',
      redirect_uris: ['https://outside.example.test/cb'],
      scopes,
    });
    platform = await registerClient(t, { app_name: 'Sister platform', scopes });
  });
  afterEach(async () => {
    await t.hub.db.delete(webhookEndpoints);
    await t.hub.outbox.refresh();
  });

  async function admin() {
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    return t.client.asBrowser(cookie);
  }

  /** The client's stream of account-disabled events, created by the receiver with its ssf.manage token. */
  async function streamOf(client: RegisteredClient) {
    const token = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials', scope: 'ssf.manage' },
    });
    expect(token.statusCode, token.body).toBe(200);
    const bearer = { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` };
    const res = await t.client.post('/ssf/streams', {
      headers: bearer,
      body: {
        delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: 'http://127.0.0.1:9/events' },
        events_requested: [SSF_EVENTS.accountDisabled],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.hub.outbox.refresh();
    const streamId = (res.json() as { stream_id: string }).stream_id;
    const addSubject = (subject: object) =>
      t.client.post('/ssf/subjects/add', { headers: bearer, body: { stream_id: streamId, subject } });
    const update = (body: object) =>
      t.client.request('PATCH', '/ssf/streams', { headers: bearer, body: { stream_id: streamId, ...body } });
    return { streamId, addSubject, update };
  }

  /** The users the outbox wrote an account-disabled SET for (what the worker would push). */
  async function heardOf(): Promise<string[]> {
    const rows = await t.hub.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, SSF_EVENTS.accountDisabled));
    return rows.map((r) => String(r.payload.user_id)).sort();
  }

  async function deactivate(...userIds: string[]) {
    const as = await admin();
    for (const id of userIds) {
      const res = await as.patch(`/api/admin/users/${id}`, { body: { is_active: false } });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** The user consents to the third-party client on the hub's consent page. */
  async function consentTo(client: RegisteredClient, cookie: string) {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid',
      state: 'st',
      nonce: 'nn',
    });
    const page = await t.client.get(`/oauth/authorize?${query}`, { cookie });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const request = /name="request" value="([^"]*)"/.exec(page.body)![1].replace(/&amp;/g, '&');
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)![1];
    const res = await t.client.post('/oauth/authorize/decision', {
      cookie,
      form: { request, csrf, decision: 'allow' },
    });
    expect(new URL(String(res.headers.location)).searchParams.get('code')).toBeTruthy();
  }

  it('a third party’s stream hears only of the users who consented to it; a platform’s, of those who signed in to it', async () => {
    await streamOf(outside);
    const consented = await signedInUser(t.hub);
    await consentTo(outside, consented.cookie);
    const stranger = await createUser(t.hub);
    await deactivate(consented.user.id, stranger.id);
    expect(await heardOf()).toEqual([consented.user.id]);
    await t.hub.db.delete(webhookEndpoints);

    await streamOf(platform);
    const member = await signedInUser(t.hub);
    const { code } = await authorize(t, platform, member.cookie, { scope: 'openid' });
    expect((await exchangeCode(t, platform, code, undefined)).statusCode).toBe(200);
    const other = await createUser(t.hub);
    await deactivate(member.user.id, other.id);
    expect(await heardOf()).toEqual([member.user.id]);
  });

  it('an administrator marks a receiver first-party, audited, and takes the mark back; nobody else can', async () => {
    const { streamId, update } = await streamOf(outside);
    const plain = await signedInUser(t.hub);
    const refused = await t.client
      .asBrowser(plain.cookie)
      .patch(`/api/admin/ssf-streams/${streamId}`, { body: { first_party: true } });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.hub.db.select().from(ssfStreams).where(eq(ssfStreams.id, streamId));
    expect(row.firstParty).toBe(false);

    const as = await admin();
    const marked = await as.patch(`/api/admin/ssf-streams/${streamId}`, { body: { first_party: true } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().stream).toMatchObject({
      stream_id: streamId,
      client_id: outside.client_id,
      first_party: true,
    });
    expect((await as.get('/api/admin/ssf-streams')).json().streams).toEqual([
      expect.objectContaining({ stream_id: streamId, first_party: true, host: '127.0.0.1:9' }),
    ]);
    const audited = await t.hub.db
      .select({ userId: auditLogs.userId, details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'ssf_stream_first_party_changed'));
    expect(audited).toEqual([
      {
        userId: expect.any(String),
        details: { stream_id: streamId, client_id: outside.client_id, first_party: true },
      },
    ]);
    expect(audited[0].userId).not.toBe(plain.user.id);
    const heard = await createUser(t.hub);
    await deactivate(heard.id);
    expect(await heardOf()).toEqual([heard.id]);

    const unmarked = await as.patch(`/api/admin/ssf-streams/${streamId}`, { body: { first_party: false } });
    expect(unmarked.json().stream.first_party).toBe(false);
    const unheard = await createUser(t.hub);
    await deactivate(unheard.id);
    expect(await heardOf()).toEqual([heard.id]);
    // The receiver cannot mark itself: the stream API does not take the field.
    expect((await update({ first_party: true })).statusCode).toBe(400);
    const [after] = await t.hub.db.select().from(ssfStreams).where(eq(ssfStreams.id, streamId));
    expect(after.firstParty).toBe(false);
  });

  it('subjects/add answers alike whether the address has an account, and what follows tells nothing either', async () => {
    const { streamId, addSubject } = await streamOf(outside);
    const known = await createUser(t.hub);
    const listedKnown = await addSubject({ format: 'email', email: known.email });
    const listedUnknown = await addSubject({ format: 'email', email: `nobody-${streamId.slice(0, 8)}@example.test` });
    expect(listedKnown.statusCode).toBe(200);
    expect([listedUnknown.statusCode, listedUnknown.body, listedUnknown.headers['content-type']]).toEqual([
      listedKnown.statusCode,
      listedKnown.body,
      listedKnown.headers['content-type'],
    ]);
    // The account exists but never consented to this client: its events stay with the hub.
    await deactivate(known.id);
    expect(await heardOf()).toEqual([]);

    // A listed subject who consented is heard of, as subjects say.
    const consented = await signedInUser(t.hub);
    await consentTo(outside, consented.cookie);
    expect((await addSubject({ format: 'email', email: consented.user.email })).statusCode).toBe(200);
    await deactivate(consented.user.id);
    expect(await heardOf()).toEqual([consented.user.id]);
  });
});
