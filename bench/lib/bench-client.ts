import { closeHub, createHub } from '../../src/server/create-hub';
import type { HubConfig } from '../../src/server/config';
import { createClient } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';

/**
 * Registers the benchmarks' confidential client ("Bench", API https://bench.example.test) in the
 * database `config` names, through a short-lived hub that also applies the migrations.
 */
export async function registerBenchClient(config: HubConfig): Promise<{ clientId: string; clientSecret: string }> {
  const hub = await createHub({ config });
  try {
    const { client, clientSecret } = await createClient(
      hub,
      {
        app_name: 'Bench',
        app_url: 'https://bench.example.test',
        redirect_uris: ['https://bench.example.test/cb'],
        app_type: 'platform',
      },
      systemActor(),
    );
    if (!clientSecret) throw new Error('the bench client was registered without a secret');
    return { clientId: client.clientId, clientSecret };
  } finally {
    await closeHub(hub);
  }
}
