import type { CliCommand } from './command';
import { listSigningKeys } from '../oauth/keys/queries';
import { SIGNING_ALGS, type SigningAlg } from '../oauth/constants';
import { KeyRotationTooSoon } from '../oauth/keys/key-store';
import { oauthRuntime } from '../oauth/runtime';

export const KEY_COMMANDS: CliCommand[] = [
  {
    name: 'keys rotate',
    summary:
      'activate the pre-published next signing key, retire the current one, publish a new next key [--alg ES256|RS256] [--force]',
    async run(hub, args) {
      const i = args.indexOf('--alg');
      const alg = (i >= 0 ? args[i + 1] : 'ES256') as SigningAlg;
      if (!SIGNING_ALGS.includes(alg)) {
        console.error(`--alg must be one of ${SIGNING_ALGS.join(', ')}`);
        return 2;
      }
      let result;
      try {
        result = await oauthRuntime(hub).keys.rotate(alg, { force: args.includes('--force') });
      } catch (e) {
        if (e instanceof KeyRotationTooSoon) {
          console.error(e.message);
          return 1;
        }
        throw e;
      }
      console.log(`Signing with ${result.activated} (published since the previous rotation).`);
      if (result.retired)
        console.log(`Retired ${result.retired}: stays in the JWKS until the tokens it signed have expired.`);
      console.log(`Published ${result.next} (${alg}) as the next key; every node picks the change up at once.`);
    },
  },
  {
    name: 'keys list',
    summary: 'list signing keys and their status',
    async run(hub) {
      await oauthRuntime(hub).keys.current();
      for (const k of await listSigningKeys(hub.db)) {
        console.log(
          `${k.kid.padEnd(28)} ${k.alg}  ${k.status.padEnd(8)} created ${k.createdAt.toISOString()}` +
            (k.retiredAt ? ` retired ${k.retiredAt.toISOString()}` : ''),
        );
      }
    },
  },
  {
    name: 'keys prune',
    summary: 'delete retired keys whose tokens have all expired',
    async run(hub) {
      const gone = await oauthRuntime(hub).keys.prune();
      console.log(gone.length ? `Removed ${gone.join(', ')}` : 'Nothing to remove.');
    },
  },
];
