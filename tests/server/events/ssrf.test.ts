import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import {
  checkTargetUrl,
  classifyAddress,
  resolveTarget,
  TargetRefusedError,
  type Resolver,
} from '../../../src/server/events/ssrf';
import { sendWebhook } from '../../../src/server/events/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Issue 30, SSRF: the classification as a unit (a resolver stub answers the addresses; nothing is
 * looked up or sent), and the refusal at delivery end to end with loopback targets only.
 */

/** A resolver that answers from a table and never asks DNS. */
function stubResolver(table: Record<string, string[]>): Resolver {
  return (host) =>
    Promise.resolve(
      (table[host] ?? []).map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

const policy = { allowPrivate: false, isProduction: true };

describe('webhook target classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each([
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://0177.0.0.1/hook', 'loopback'],
    ['https://127.1/hook', 'loopback'],
    ['https://0x7f000001/hook', 'loopback'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://167772161/hook', 'private'],
    ['https://0xa9.0xfe.0xa9.0xfe/latest/meta-data', 'link_local'],
    ['https://[fd00::1]/hook', 'unique_local'],
    ['https://localhost/hook', 'loopback'],
    ['https://LOCALHOST./hook', 'loopback'],
    ['https://api.localhost/hook', 'loopback'],
    ['http://hooks.example.com/hook', 'https_required'],
    ['ftp://hooks.example.com/hook', 'scheme'],
    ['https://user:pw@hooks.example.com/hook', 'credentials'],
    ['not a url', 'not_a_url'],
  ])('refuses %s (%s) unless private targets are allowed', (url, refusal) => {
    expect(checkTargetUrl(url, policy)).toEqual({ refused: refusal });
  });

  // checkTargetUrl only classifies (no lookup, no connection): nothing here is sent anywhere.
  it('accepts public https targets, and private ones only when allowed; http only to this machine in development', () => {
    expect(checkTargetUrl('https://hooks.example.com/x', policy)).toHaveProperty('url');
    expect(checkTargetUrl('https://127.0.0.2/x', { ...policy, allowPrivate: true })).toHaveProperty('url');
    expect(checkTargetUrl('http://localhost:8080/x', { allowPrivate: true, isProduction: false })).toHaveProperty(
      'url',
    );
    expect(checkTargetUrl('http://127.0.0.1:8080/x', { allowPrivate: true, isProduction: false })).toHaveProperty(
      'url',
    );
    expect(checkTargetUrl('http://localhost:8080/x', { allowPrivate: false, isProduction: false })).toEqual({
      refused: 'loopback',
    });
    expect(checkTargetUrl('http://localhost:8080/x', { allowPrivate: true, isProduction: true })).toEqual({
      refused: 'https_required',
    });
    expect(checkTargetUrl('http://hooks.example.com/x', { allowPrivate: true, isProduction: false })).toEqual({
      refused: 'https_required',
    });
  });

  it('refuses a name that resolves to any non-public address, at delivery time', async () => {
    const resolver = stubResolver({
      'rebind.example': ['127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['93.184.216.34', '10.0.0.7'],
      'mapped.example': ['::ffff:192.168.0.1'],
      'ula.example': ['fd00::5'],
      'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
      'nowhere.example': [],
    });
    const refusal = (host: string) =>
      resolveTarget(host, resolver, false).then(
        () => 'accepted',
        (e: unknown) => (e instanceof TargetRefusedError ? e.refusal : String(e)),
      );
    expect(await refusal('rebind.example')).toBe('loopback');
    expect(await refusal('metadata.example')).toBe('link_local');
    expect(await refusal('mixed.example')).toBe('private');
    expect(await refusal('mapped.example')).toBe('private');
    expect(await refusal('ula.example')).toBe('unique_local');
    expect(await refusal('nowhere.example')).toBe('reserved');
    expect(await refusal('public.example')).toBe('accepted');
    expect(await resolveTarget('rebind.example', resolver, true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('webhook delivery to a refused target', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const message = (url: string) => ({
    url,
    id: 'msg_ssrf',
    timestamp: new Date(),
    body: '{"type":"webhook.test"}',
    secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  });
  const options = { timeoutMs: 5_000, userAgent: 'test', allowPrivate: false };

  it('sends nothing to a loopback address, whether named directly or through a name that resolves to it', async () => {
    const port = new URL(receiver.url).port;
    const resolver = stubResolver({ 'hooks.example': ['127.0.0.1'] });
    const direct = await sendWebhook(message(receiver.url), { ...options, resolver });
    const named = await sendWebhook(message(`http://hooks.example:${port}/hooks`), { ...options, resolver });
    expect(direct).toMatchObject({ statusCode: null, error: 'refused: loopback' });
    expect(named).toMatchObject({ statusCode: null, error: 'refused: loopback' });
    expect(receiver.received).toHaveLength(0);

    // The same name, allowed: the connection goes to the address the check accepted.
    const allowed = await sendWebhook(message(`http://hooks.example:${port}/hooks`), {
      ...options,
      resolver,
      allowPrivate: true,
    });
    expect(allowed).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received).toHaveLength(1);
  });
});
