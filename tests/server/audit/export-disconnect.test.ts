import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, type TestHub } from '../../helpers/test-hub';
import { auditRow, signedInUser } from '../../helpers/fixtures';

/** A client that goes away in the middle of an export is not an error of the hub. */
describe('audit export, client disconnects mid-stream', () => {
  let t: TestHub;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestHub('pglite', { listen: true, logStream, config: { logLevel: 'info' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends the stream quietly and keeps serving', async () => {
    const admin = await signedInUser(t.hub, ['user', 'super_admin']);
    const padding = 'x'.repeat(400);
    for (let batch = 0; batch < 6; batch++) {
      await t.hub.audit.recordRows(
        Array.from({ length: 500 }, (_, i) =>
          auditRow({ eventType: 'load_probe', severity: 'low', details: { i, padding } }),
        ),
      );
    }
    const firstChunk = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${t.baseUrl}/api/admin/audit/export?format=jsonl`,
        { headers: { cookie: admin.cookie } },
        (res) => {
          res.once('data', () => {
            // Hang up after the first bytes: the rest of the export has nowhere to go.
            req.destroy();
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
    });
    expect(firstChunk).toBe(200);
    // The hub finishes the aborted response and answers the next request normally.
    await expect.poll(async () => (await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
    // The export's own request ends with its one access-log line (observability/http.ts), not an error.
    await expect
      .poll(() =>
        logLines
          .map((l) => JSON.parse(l))
          .some((l) => l.msg === 'request' && String(l.url).startsWith('/api/admin/audit/export')),
      )
      .toBe(true);
    const errors = logLines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  });
});
