import { beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { rows } from '../../../src/server/db/client';
import { basic, form, registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * The benchmark's durability check, small: a short load run over real HTTP (autocannon, 16
 * connections, client_credentials), then the chain must hold an oauth_token_issued row for every
 * 2xx the load generator counted, and still verify. Rows may exceed answers (a grant committed
 * while autocannon closed its socket); never the other way round. A client_credentials grant
 * writes no session row (issue 28): the record is the grant's one write.
 */
describe.each(TEST_DATABASES)('every answered grant of a load run is in the chain [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true });
  let client: RegisteredClient;
  beforeAll(async () => {
    client = await registerClient(t);
  });

  it('counts rows against 2xx answers after a load run', async () => {
    const result = (await autocannon({
      url: `${t.hub.config.publicUrl}/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client) },
      body: form({ grant_type: 'client_credentials', scope: 'read:profile' }),
      connections: 16,
      amount: 400,
    })) as { '2xx': number; non2xx: number; errors: number };
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThan(0);
    const [{ issued, sessions }] = await rows<{ issued: number; sessions: number }>(
      t.hub.db,
      sql`select
            (select count(distinct details->>'jti')::int from audit_logs where event_type = 'oauth_token_issued'
               and details->>'client_id' = ${client.client_id}) as issued,
            (select count(*)::int from auth_sessions where client_id = ${client.client_id}) as sessions`,
    );
    expect(issued).toBeGreaterThanOrEqual(result['2xx']);
    expect(sessions).toBe(0);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });
});
