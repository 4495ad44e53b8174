import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { loadConfig } from '../../../src/server/config';
import { classifyAddress, literalAddress } from '../../../src/server/net/addresses';
import {
  checkOutboundUrl,
  outboundPolicy,
  OutboundRefusedError,
  resolveOutbound,
  type Resolver,
} from '../../../src/server/net/outbound';
import { assertOutboundTarget } from '../../../src/server/net/outbound-target';
import { sendWebhook } from '../../../src/server/events/webhooks/channel';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Issue 38 (finding 9), the one table of address classes (net/addresses.ts) and the policy over it
 * (net/outbound.ts): the classification as a unit (a resolver stub answers the addresses; nothing
 * is looked up), and the refusal at the moment of sending end to end with loopback targets only.
 * Nothing here connects to an address outside 127.0.0.0/8.
 */

/** A resolver that answers from a table, counts its calls and never asks DNS. */
function stubResolver(table: Record<string, string[] | (() => string[])>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = (host: string) => {
    calls.push(host);
    const entry = table[host] ?? [];
    const answer = typeof entry === 'function' ? entry() : entry;
    return Promise.resolve(
      answer.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(resolver, { calls });
}

const production = { allowPrivate: false, isProduction: true };

describe('the address classes', () => {
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
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    // IPv4-mapped IPv6, in every spelling: matched against the IPv4 ranges.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['[::ffff:192.168.0.1]', 'private'],
    // Multicast, the reserved blocks and broadcast.
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.254', 'reserved'],
    ['fec0::1', 'reserved'],
    // Documentation ranges (RFC 5737, RFC 3849).
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['2001:db8::1', 'documentation'],
    // IPv6 that carries an IPv4 address a gateway would translate: NAT64, 6to4, Teredo, IPv4-compatible.
    ['64:ff9b::7f00:1', 'translated'],
    ['64:ff9b::a9fe:a9fe', 'translated'],
    ['64:ff9b:1::a00:1', 'translated'],
    ['2002:7f00:1::1', 'translated'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'translated'],
    ['::7f00:1', 'translated'],
    ['::127.0.0.1', 'translated'],
    // Not an address at all: refused as reserved.
    ['example.com', 'reserved'],
    ['', 'reserved'],
    // The internet.
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['198.20.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['[2a00:1450:4001::200e]', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('reads a literal address in a host, brackets and all, and nothing in a name', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(literalAddress('example.com')).toBeNull();
    expect(literalAddress('[example.com]')).toBeNull();
  });
});

describe('the outbound policy on a URL (no resolution)', () => {
  it.each([
    // Every IPv4 spelling, as `new URL` normalises it.
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://0177.0.0.1/hook', 'loopback'],
    ['https://127.1/hook', 'loopback'],
    ['https://0x7f000001/hook', 'loopback'],
    ['https://017700000001/hook', 'loopback'],
    ['https://167772161/hook', 'private'],
    ['https://0xa9.0xfe.0xa9.0xfe/latest/meta-data', 'link_local'],
    ['https://0251.0376.0251.0376/latest/meta-data', 'link_local'],
    ['https://3232235777/hook', 'private'],
    ['https://0xe0000001/hook', 'multicast'],
    ['https://4294967295/hook', 'reserved'],
    // IPv6 literals.
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[fd00::1]/hook', 'unique_local'],
    ['https://[64:ff9b::a9fe:a9fe]/hook', 'translated'],
    ['https://[2002:a9fe:a9fe::]/hook', 'translated'],
    ['https://[2001::1]/hook', 'translated'],
    ['https://[::a9fe:a9fe]/hook', 'translated'],
    ['https://[ff02::1]/hook', 'multicast'],
    // Names of this machine.
    ['https://localhost/hook', 'loopback'],
    ['https://LOCALHOST./hook', 'loopback'],
    ['https://api.localhost/hook', 'loopback'],
    // Not an https URL one may call.
    ['http://hooks.example.com/hook', 'https_required'],
    ['ftp://hooks.example.com/hook', 'scheme'],
    ['https://user:pw@hooks.example.com/hook', 'credentials'],
    ['not a url', 'not_a_url'],
  ])('refuses %s (%s) unless private targets are allowed', (url, refusal) => {
    expect(checkOutboundUrl(url, production)).toEqual({ refused: refusal });
  });

  it('accepts public https targets, and private ones only when allowed; http only to this machine in development', () => {
    expect(checkOutboundUrl('https://hooks.example.com/x', production)).toHaveProperty('url');
    expect(checkOutboundUrl('https://8.8.8.8/x', production)).toHaveProperty('url');
    expect(checkOutboundUrl('https://127.0.0.2/x', { ...production, allowPrivate: true })).toHaveProperty('url');
    expect(checkOutboundUrl('http://localhost:8080/x', { allowPrivate: true, isProduction: false })).toHaveProperty(
      'url',
    );
    expect(checkOutboundUrl('http://127.0.0.1:8080/x', { allowPrivate: true, isProduction: false })).toHaveProperty(
      'url',
    );
    expect(checkOutboundUrl('http://localhost:8080/x', { allowPrivate: false, isProduction: false })).toEqual({
      refused: 'loopback',
    });
    expect(checkOutboundUrl('http://localhost:8080/x', { allowPrivate: true, isProduction: true })).toEqual({
      refused: 'https_required',
    });
    expect(checkOutboundUrl('http://hooks.example.com/x', { allowPrivate: true, isProduction: false })).toEqual({
      refused: 'https_required',
    });
  });
});

describe('the outbound policy on a name (its addresses)', () => {
  const refusal = (host: string, resolver: Resolver, allowPrivate = false) =>
    resolveOutbound(host, { allowPrivate, isProduction: true, resolver }).then(
      () => 'accepted',
      (e: unknown) => (e instanceof OutboundRefusedError ? e.refusal : String(e)),
    );

  it('refuses a name when any of its addresses is not public', async () => {
    const resolver = stubResolver({
      'rebind.example': ['127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['93.184.216.34', '10.0.0.7'],
      'mapped.example': ['::ffff:192.168.0.1'],
      'nat64.example': ['64:ff9b::a9fe:a9fe'],
      'ula.example': ['fd00::5'],
      'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
      'nowhere.example': [],
    });
    expect(await refusal('rebind.example', resolver)).toBe('loopback');
    expect(await refusal('metadata.example', resolver)).toBe('link_local');
    expect(await refusal('mixed.example', resolver)).toBe('private');
    expect(await refusal('mapped.example', resolver)).toBe('private');
    expect(await refusal('nat64.example', resolver)).toBe('translated');
    expect(await refusal('ula.example', resolver)).toBe('unique_local');
    expect(await refusal('nowhere.example', resolver)).toBe('unresolved');
    expect(await refusal('public.example', resolver)).toBe('accepted');
    expect(await refusal('rebind.example', resolver, true)).toBe('accepted');
  });

  it('a literal address is classified without asking the resolver', async () => {
    const resolver = stubResolver({});
    expect(await refusal('169.254.169.254', resolver)).toBe('link_local');
    expect(await refusal('[::1]', resolver)).toBe('loopback');
    expect(resolver.calls).toEqual([]);
  });
});

describe('sending to a refused target', () => {
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
  const options = (resolver: Resolver, allowPrivate: boolean) => ({
    timeoutMs: 5_000,
    userAgent: 'test',
    policy: { allowPrivate, isProduction: false, resolver },
  });

  it('sends nothing to a loopback address, whether named directly or through a name that resolves to it', async () => {
    const port = new URL(receiver.url).port;
    const resolver = stubResolver({ 'hooks.example': ['127.0.0.1'], 'hooks.localhost': ['127.0.0.1'] });
    const direct = await sendWebhook(message(receiver.url), options(resolver, false));
    const named = await sendWebhook(message(`https://hooks.example:${port}/hooks`), options(resolver, false));
    expect(direct).toMatchObject({ statusCode: null, error: 'refused: loopback' });
    expect(named).toMatchObject({ statusCode: null, error: 'refused: loopback' });
    expect(receiver.received).toHaveLength(0);

    // A name of this machine, allowed: the connection goes to the address the resolver answered.
    const before = resolver.calls.length;
    const allowed = await sendWebhook(message(`http://hooks.localhost:${port}/hooks`), options(resolver, true));
    expect(allowed).toMatchObject({ statusCode: 200, error: null });
    expect(resolver.calls.slice(before)).toEqual(['hooks.localhost']);
    expect(receiver.received).toHaveLength(1);
    receiver.received.length = 0;
  });

  it('DNS rebinding: a name public at registration and loopback at delivery is refused when it connects', async () => {
    const port = new URL(receiver.url).port;
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const resolver = stubResolver({ 'rebind.example': () => answers.shift() ?? ['127.0.0.1'] });
    const url = `https://rebind.example:${port}/hooks`;
    // Registration: the name resolves to a public address, so it is accepted.
    const hub = { config: { ...loadConfig({}), outboundAllowPrivate: false } };
    await expect(assertOutboundTarget(hub, 'url', url, resolver)).resolves.toBeUndefined();
    // Delivery: the connection resolves again, in its own lookup, and that answer is the one checked.
    const sent = await sendWebhook(message(url), options(resolver, false));
    expect(sent).toMatchObject({ statusCode: null, error: 'refused: loopback' });
    expect(resolver.calls).toEqual(['rebind.example', 'rebind.example']);
    expect(receiver.received).toHaveLength(0);
    // The policy of the hub is the same one: built from its configuration.
    expect(outboundPolicy(hub.config, resolver)).toMatchObject({ allowPrivate: false, resolver });
  });
});
