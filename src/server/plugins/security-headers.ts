import type { FastifyInstance } from 'fastify';
import type { HubConfig } from '../config';
import { isHttps } from '../config';

/**
 * The spec's Content-Security-Policy and "intended response headers" (§9), actually sent on
 * every response and adjusted to the hub: one origin serves the app, the API and the fonts
 * (self-hosted), so no third-party host is allowed anywhere.
 *
 * There is deliberately no form-action directive: the cross-platform hand-off and OAuth
 * form_post answers submit forms to the registered redirect URIs of sister platforms.
 */
export function buildSecurityHeaders(config: Pick<HubConfig, 'publicUrl'>): Record<string, string> {
  const https = isHttps(config);
  const origin = new URL(config.publicUrl).origin;
  const ws = origin.replace(/^http/, 'ws');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src 'self' ${ws}`,
    // Issue 39: a sister platform's logo (RFC 7591 logo_uri, https only) on the sign-in pages of its requests.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // Radix positions popovers and recharts sizes charts with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'self'",
    "frame-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains; preload';
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: HubConfig) {
  const headers = buildSecurityHeaders(config);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
