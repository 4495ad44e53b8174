import { describe, expect, it } from 'vitest';
import { buildSecurityHeaders } from '../../src/server/plugins/security-headers';

describe('security headers', () => {
  it('over https: HSTS for a year with subdomains and preload, and upgrade-insecure-requests', () => {
    const h = buildSecurityHeaders({ publicUrl: 'https://hub.example.com' });
    expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains; preload');
    expect(h['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(h['content-security-policy']).toContain("connect-src 'self' wss://hub.example.com");
  });

  it('over http: no HSTS and no upgrade (it would break a plain-http install)', () => {
    const h = buildSecurityHeaders({ publicUrl: 'http://localhost:3000' });
    expect(h['strict-transport-security']).toBeUndefined();
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('never allows inline scripts, objects or child frames', () => {
    const csp = buildSecurityHeaders({ publicUrl: 'https://hub.example.com' })['content-security-policy'];
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("child-src 'none'");
  });
});
