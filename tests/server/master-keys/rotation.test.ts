import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES, CSRF } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, enrolFixtureTotp, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { startWebhookReceiver } from '../../helpers/webhook-receiver';
import { authorizeWithPkce, basic, exchangeCode, registerClient } from '../oauth/oauth-helpers';
import { createDeliveryWorker } from '../../../src/server/events/delivery/worker';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { keyIdOf, createSecretBox, UnknownMasterKeyError } from '../../../src/server/crypto/secrets';
import {
  auditChainHead,
  auditWriters,
  masterKeyRotations,
  webhookEndpoints,
} from '../../../src/server/db/schema/index';
import { WRITER_LEASE_MS } from '../../../src/server/audit/writer-queries';
import { SEALED_COLUMNS, LOOKUP_KEY_CONTEXT } from '../../../src/server/master-keys/inventory';
import { findSealedLookupKey } from '../../../src/server/master-keys/queries';
import { runRotation } from '../../../src/server/master-keys/rotator';
import { readMasterKeyStatus, startRotation } from '../../../src/server/master-keys/service';
import { closeHub, createHub } from '../../../src/server/create-hub';
import { createMasterKeyWorker } from '../../../src/server/master-keys/worker';
import { findOpenRotation } from '../../../src/server/master-keys/queries';
import { expectAllSealedUnder, sealedThroughKeyring } from './master-key-helpers';

/**
 * Issue 45, master-key rotation: while sign-ins, token grants and a webhook delivery run, every
 * stored secret moves to the new key in batches and every request is answered; a rotation stopped
 * mid-way goes on from its recorded progress in a fresh rotator (and waits out a crashed one's
 * lease, except a worker starting on the embedded database, which alone can hold it); a value
 * under a key nobody holds fails loudly; the admin API needs two super admins.
 */

it('the inventory names every *_enc column of the schema', () => {
  const schema = readFileSync('src/server/db/schema/index.ts', 'utf8');
  expect(schema).toContain('master-keys');
  const sql = ['oauth', 'events', 'federation', 'mfa', 'siem', 'audit', 'master-keys']
    .map((f) => readFileSync(`src/server/db/schema/${f}.ts`, 'utf8'))
    .join('\n');
  const columns = [...sql.matchAll(/text\('([a-z_]+_enc)'\)/g)].map((m) => m[1]);
  const named = new Set(SEALED_COLUMNS.map((c) => c.column));
  expect(columns.filter((c) => !named.has(c))).toEqual([]);
});

describe.each(TEST_DATABASES)('master-key rotation [%s]', (kind) => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const t = useTestHub(kind, {
    config: { masterKey: oldKey, masterKeys: [oldKey, newKey], outboundAllowPrivate: true },
  });
  const receivers: { close(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(receivers.map((r) => r.close())));

  it('re-seals every stored secret in batches while sign-ins, grants and a webhook delivery are served', async () => {
    const { hub } = t;
    expect(hub.keyring.current.id).toBe(keyIdOf(oldKey));
    expect(hub.config.masterKey!.equals(oldKey)).toBe(true);
    // Sealed values of several kinds: a client (secret, API key, webhook secret), signing keys, a TOTP seed, a webhook.
    const client = await registerClient(t);
    await oauthRuntime(hub).keys.current();
    const mfaUser = await createUser(hub);
    await enrolFixtureTotp(hub, mfaUser.id);
    const receiver = await startWebhookReceiver({ now: () => t.clock.now() });
    receivers.push(receiver);
    const { cookie: adminCookie } = await signedInUser(hub, ['platform_admin']);
    const admin = t.client.asBrowser(adminCookie);
    const created = await admin.post('/api/admin/webhooks', {
      body: { url: receiver.url, events: ['user.deactivated'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    receiver.secrets.push((created.json() as { secret: string }).secret);
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(hub)));
    const { cookie } = await signedInUser(hub);
    const { code, verifier } = await authorizeWithPkce(t, client, cookie);
    let refresh = (await exchangeCode(t, client, code, verifier)).json().refresh_token as string;
    const movable = sealedThroughKeyring(await readMasterKeyStatus(hub), keyIdOf(oldKey));
    expect(movable).toBeGreaterThan(8);

    const rotation = await startRotation(hub, { via: 'cli' });
    expect(rotation.toKeyId).toBe(keyIdOf(newKey));
    expect(hub.keyring.current.id).toBe(keyIdOf(newKey));

    // Load, one request of each kind per batch, while the batches commit one value at a time.
    const answered: number[] = [];
    const worker = createDeliveryWorker(hub, { random: () => 0.5 });
    let round = 0;
    const load = async () => {
      const i = round++;
      const signIn = t.client.post('/api/auth/sign-in', {
        headers: CSRF,
        body: { email: users[i % 3].email, password: FIXTURE_PASSWORD },
      });
      const grant = t.client.post('/oauth/token', {
        headers: { authorization: basic(client) },
        form: { grant_type: 'refresh_token', refresh_token: refresh },
      });
      const [a, b] = await Promise.all([signIn, grant]);
      answered.push(a.statusCode, b.statusCode);
      if (b.statusCode === 200) refresh = b.json().refresh_token;
      if (i === 2) {
        const off = await admin.patch(`/api/admin/users/${users[3].id}`, { body: { is_active: false } });
        answered.push(off.statusCode);
        await worker.runOnce();
      }
    };
    const outcome = await runRotation(hub, { batchSize: 1, retireGraceMs: 0, onBatch: load });
    await worker.stop();

    expect(outcome).toEqual({ state: 'done', retired: keyIdOf(oldKey) });
    expect(round).toBeGreaterThanOrEqual(8);
    expect(answered.filter((s) => s !== 200)).toEqual([]);
    expect(receiver.received.filter((r) => r.verified).length).toBe(1);
    await expectAllSealedUnder(hub, keyIdOf(newKey));
    // The lookup key (keyed MACs) stayed what it was, now sealed under the new key.
    const lookup = await findSealedLookupKey(hub.db);
    expect(Buffer.from(hub.keyring.open(lookup!, LOOKUP_KEY_CONTEXT), 'base64').equals(oldKey)).toBe(true);

    const status = await readMasterKeyStatus(hub);
    expect(status.current_key_id).toBe(keyIdOf(newKey));
    const old = status.keys.find((k) => k.key_id === keyIdOf(oldKey))!;
    expect(old.status).toBe('retired');
    expect(old.audit_chains).toBe(0);
    expect(status.keys.find((k) => k.key_id === keyIdOf(newKey))!.audit_chains).toBeGreaterThanOrEqual(1);
    expect(sealedThroughKeyring(status, keyIdOf(oldKey))).toBe(0);
    expect(status.rotation).toMatchObject({ status: 'done', resealed: movable });
    // Retired, the old key opens nothing, even a value forged under it.
    const forged = createSecretBox(oldKey).seal('{"forged":true}', 'federation.link_intent');
    expect(() => hub.keyring.open(forged, 'federation.link_intent')).toThrow(UnknownMasterKeyError);
    // The audit chain crossed into the new key's epoch while the load ran, and verifies across it.
    expect(await hub.audit.verifyChain()).toMatchObject({ ok: true });
    const [head] = await hub.db.select().from(auditChainHead).where(eq(auditChainHead.id, hub.audit.writer.chainId()!));
    expect(head.keyId).toBe(keyIdOf(newKey));
    // And a sign-in with the TOTP user's second factor still works: its seed opens under the new key.
    const mfa = await t.client.post('/api/auth/sign-in', {
      headers: CSRF,
      body: { email: mfaUser.email, password: FIXTURE_PASSWORD },
    });
    expect(mfa.statusCode, mfa.body).toBe(200);
  });

  it('a rotation keeps its lease batch by batch; stopped mid-way, it goes on from its progress once a crashed lease ran out', async () => {
    const { hub } = t;
    for (let i = 0; i < 4; i++) await registerClient(t);
    const next = hub.keyring.add(randomBytes(32));
    const rotation = await startRotation(hub, { via: 'cli' });
    expect(rotation.toKeyId).toBe(next.id);
    const stop = new AbortController();
    let batches = 0;
    const first = await runRotation(hub, {
      batchSize: 2,
      retireGraceMs: 0,
      signal: stop.signal,
      onBatch: async () => {
        // Each committed batch renews the lease (a minute): a pass longer than that keeps it.
        t.clock.advance(40_000);
        if (++batches === 2) expect(await runRotation(hub, { retireGraceMs: 0 })).toEqual({ state: 'busy' });
        if (batches === 3) stop.abort();
      },
    });
    expect(first).toEqual({ state: 'stopped' });
    const [stopped] = await hub.db.select().from(masterKeyRotations).where(eq(masterKeyRotations.id, rotation.id));
    expect(stopped.status).toBe('running');
    expect(stopped.resealed).toBeGreaterThan(0);
    expect(Object.keys(stopped.progress).length).toBeGreaterThan(0);
    // Values not yet moved still open under the old key.
    expect(
      (await readMasterKeyStatus(hub)).keys.find((k) => k.key_id === rotation.fromKeyId)!.sealed_values,
    ).toBeGreaterThan(0);
    // A process that died holding the lease: a fresh rotator waits until the lease runs out.
    await hub.db
      .update(masterKeyRotations)
      .set({ leaseToken: 'crashed', leaseUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(masterKeyRotations.id, rotation.id));
    expect(await runRotation(hub, { retireGraceMs: 0 })).toEqual({ state: 'busy' });
    t.clock.advance(61_000);
    expect(await runRotation(hub, { retireGraceMs: 0 })).toEqual({ state: 'done', retired: rotation.fromKeyId });
    await expectAllSealedUnder(hub, next.id);
  });

  it("a worker starting on the embedded database goes on at once past a dead process's lease; on PostgreSQL it waits", async () => {
    const { hub } = t;
    await registerClient(t);
    const next = hub.keyring.add(randomBytes(32));
    const rotation = await startRotation(hub, { via: 'cli', toKeyId: next.id });
    // The rotation's process died holding the lease a minute ahead; the clock does not move in this test.
    await hub.db
      .update(masterKeyRotations)
      .set({ leaseToken: 'crashed', leaseUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(masterKeyRotations.id, rotation.id));
    const worker = createMasterKeyWorker(hub, { retireGraceMs: 0 });
    try {
      worker.start();
      await worker.kick(); // the pass the start began
    } finally {
      await worker.stop();
    }
    const left = await findOpenRotation(hub.db);
    if (kind === 'pglite') {
      // This process holds the data directory alone: the lease was a dead process's.
      expect(left).toBeUndefined();
      await expectAllSealedUnder(hub, next.id);
    } else {
      // Another node may be running it: its lease stands until it runs out.
      expect(left).toMatchObject({ id: rotation.id, leaseToken: 'crashed' });
      t.clock.advance(61_000);
      expect(await runRotation(hub, { retireGraceMs: 0 })).toEqual({ state: 'done', retired: rotation.fromKeyId });
    }
  });

  it('a value sealed under a key nobody holds fails loudly, and status names it', async () => {
    const { hub } = t;
    const stranger = randomBytes(32);
    const [endpoint] = await hub.db.select().from(webhookEndpoints).limit(1);
    const sealed = createSecretBox(stranger).seal('whsec_x', 'webhook_endpoints.secret');
    await hub.db.update(webhookEndpoints).set({ secretEnc: sealed }).where(eq(webhookEndpoints.id, endpoint.id));
    expect(() => hub.secrets.open(sealed, 'webhook_endpoints.secret')).toThrow(
      new RegExp(`no master key with id ${keyIdOf(stranger)}`),
    );
    const status = await readMasterKeyStatus(hub);
    expect(status.keys.find((k) => k.key_id === keyIdOf(stranger))).toEqual({
      key_id: keyIdOf(stranger),
      status: 'unknown',
      held: false,
      sealed_values: 1,
      audit_chains: 0,
    });
    await hub.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });

  it('another node hears the switch, seals under the new key, and its worker carries the rotation to the end', async () => {
    const { hub } = t;
    // The tests above moved the clock minutes ahead, between two renewals of this hub's audit-chain lease (every
    // 5 s of real time): the other node would take its chain over as a crashed node's, and on the shared PGlite
    // the hub's next audited transaction would claim a chain inside itself and wait forever. Renew it, as its timer would.
    await hub.db.update(auditWriters).set({ leaseUntil: new Date(t.clock.now().getTime() + WRITER_LEASE_MS) });
    const other = await createHub({
      config: { ...hub.config, masterKey: undefined, masterKeys: hub.keyring.keys().map((k) => k.key) },
      skipMigrations: true,
      clock: t.clock.now,
      ...(kind === 'pglite' ? { database: hub.database } : {}),
    });
    const worker = createMasterKeyWorker(other, { retireGraceMs: 0 });
    try {
      worker.start();
      const next = randomBytes(32);
      const nextId = hub.keyring.add(next).id;
      other.keyring.add(next);
      const rotation = await startRotation(hub, { via: 'cli' });
      await expect.poll(() => other.keyring.current.id, { timeout: 10_000 }).toBe(nextId);
      expect(other.secrets.seal('x', 'c').split('.')[1]).toBe(nextId);
      // The node that started it runs nothing: the other node's worker re-seals and retires.
      await expect.poll(async () => (await findOpenRotation(hub.db))?.id ?? 'none', { timeout: 20_000 }).toBe('none');
      await expectAllSealedUnder(hub, nextId);
      await expect.poll(() => hub.keyring.canOpen(rotation.fromKeyId), { timeout: 10_000 }).toBe(false);
    } finally {
      await worker.stop();
      if (kind === 'pglite') await other.revocations.stop();
      else await closeHub(other);
    }
  });

  it('through the admin API: a super admin asks, another super admin approves, and the rotation runs', async () => {
    const { hub } = t;
    const a = t.client.asBrowser((await signedInUser(hub, ['super_admin'])).cookie);
    const b = t.client.asBrowser((await signedInUser(hub, ['super_admin'])).cookie);
    const platformAdmin = t.client.asBrowser((await signedInUser(hub, ['platform_admin'])).cookie);
    expect((await platformAdmin.get('/api/admin/master-keys')).statusCode).toBe(200);
    const refused = await platformAdmin.post('/api/admin/master-keys/rotation-requests', {
      body: { justification: 'A platform admin may not ask for this' },
    });
    expect(refused.statusCode).toBe(403);
    const asked = await a.post('/api/admin/master-keys/rotation-requests', {
      body: { justification: 'Scheduled yearly rotation of the master key' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { request_id } = asked.json() as { request_id: string };
    // The credential-request queue does not show it.
    expect((await b.get('/api/admin/credential-requests')).body).not.toContain(request_id);
    expect((await a.post(`/api/admin/master-keys/rotation-requests/${request_id}/approve`)).statusCode).toBe(403);
    expect(
      (await platformAdmin.post(`/api/admin/master-keys/rotation-requests/${request_id}/approve`)).statusCode,
    ).toBe(403);
    // No new key held yet: the approval refuses and leaves the request pending.
    const early = await b.post(`/api/admin/master-keys/rotation-requests/${request_id}/approve`);
    expect(early.statusCode, early.body).toBe(409);
    const next = hub.keyring.add(randomBytes(32));
    const approved = await b.post(`/api/admin/master-keys/rotation-requests/${request_id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', rotation_id: expect.any(String) });
    expect(await runRotation(hub, { retireGraceMs: 0 })).toMatchObject({ state: 'done' });
    const status = await b.get('/api/admin/master-keys');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ current_key_id: next.id, rotation: { status: 'done', to_key_id: next.id } });
    expect(status.body).not.toContain(next.key.toString('base64'));
  });
});
