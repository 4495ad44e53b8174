import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_EVENTS,
  AUDIT_EVENT_TYPE_PATTERN,
  AUDIT_SEVERITIES,
  defaultSeverityOf,
  isKnownAuditEventType,
} from '../../../src/shared/audit-events';

const SERVER = path.resolve(import.meta.dirname, '../../../src/server');
const WEB = path.resolve(import.meta.dirname, '../../../src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every literal event type written by code: `eventType: 'x'` on the server, `log('x', …)` / `logSecurityEvent('x', …)` in the browser. */
function literalTypes(dir: string, pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) found.set(m[1], path.relative(dir, file));
  }
  return found;
}

/**
 * `eventType: <expression>` in src/server: the expression runs to the next property (or the end
 * of the object/line); the event types in it are the literals it can evaluate to, i.e. those at
 * its start or after `?` / `:` of a conditional (not the ones it compares against).
 */
function serverEventTypes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SERVER)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/eventType:([^\n]*)/g)) {
      const expression = m[1].split(/,\s*(?:\.\.\.|[A-Za-z_]\w*\s*:)|\s*\}|,\s*$/)[0];
      for (const lit of expression.matchAll(/(?:^|[?:])\s*'([a-z0-9_]+)'/g))
        found.set(lit[1], path.relative(SERVER, file));
    }
  }
  return found;
}

describe('audit event catalogue (src/shared/audit-events.ts)', () => {
  it('lists the event types of spec §3 with a known default severity', () => {
    for (const type of [
      'unauthorized_access',
      'permission_denied',
      'role_escalation_attempt',
      'credential_access_requested',
      'credential_access_granted',
      'credential_access_denied',
      'credential_access_viewed',
      'admin_panel_access',
      'emergency_access',
      'config_change',
    ]) {
      expect(isKnownAuditEventType(type), type).toBe(true);
    }
    for (const [type, entry] of Object.entries(AUDIT_EVENTS)) {
      expect(type).toMatch(AUDIT_EVENT_TYPE_PATTERN);
      expect(AUDIT_SEVERITIES).toContain(entry.severity);
    }
    expect(defaultSeverityOf('config_change')).toBe('info');
    expect(defaultSeverityOf('something_new')).toBe('low');
  });

  it('contains every literal eventType used in src/server', () => {
    const used = serverEventTypes();
    expect(used.size).toBeGreaterThan(3);
    expect(used.get('permission_denied')).toBe('plugins/admin-guard.ts');
    const missing = [...used]
      .filter(([type]) => !isKnownAuditEventType(type))
      .map(([type, file]) => `${type} (${file})`);
    expect(missing).toEqual([]);
  });

  it('contains every literal event type the browser logs', () => {
    const used = literalTypes(WEB, /\b(?:log|logSecurityEvent)\(\s*'([a-z0-9_]+)'/g);
    expect(used.has('config_change')).toBe(true);
    const missing = [...used]
      .filter(([type]) => !isKnownAuditEventType(type))
      .map(([type, file]) => `${type} (${file})`);
    expect(missing).toEqual([]);
  });
});
