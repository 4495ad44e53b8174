import type { CliCommand } from './command';
import { listClientViews, createClient } from '../oauth/clients/service';
import { createClientInputSchema } from '../../shared/api/oauth-clients';
import { buildActor } from '../actor';
import { CLIENT_JWT_ALGS, SUPPORTED_SCOPES } from '../oauth/constants';
import { readFileSync } from 'node:fs';
import { displayView } from '../oauth/clients/display';

/** Options that take no value: `--public --origin x` must not read `--origin` as the value of `--public`. */
const FLAGS = new Set(['public', 'par', 'dpop', 'fapi2']);

/** --jwks-file: the client's public JWK Set from a file (a JSON document the sister platform hands over). */
function readJwks(path: string | undefined): unknown {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { keys: 'unreadable file' };
  }
}

/** Reads `--name value` and repeated `--redirect-uri a --redirect-uri b` style options. */
function options(args: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    if (!a.startsWith('--')) continue;
    const [key, inline] = a.slice(2).split('=', 2);
    let value = inline ?? '';
    if (inline === undefined && !FLAGS.has(key)) {
      value = args[i + 1] ?? '';
      i += 1;
    }
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

export const CLIENT_COMMANDS: CliCommand[] = [
  {
    name: 'clients create',
    summary:
      `register an OAuth client: --name --url --redirect-uri (repeatable) [--type platform|third_party] ` +
      `[--scope (repeatable: ${SUPPORTED_SCOPES.join(', ')})] [--post-logout-uri] [--backchannel-logout-uri] ` +
      `[--public] [--auth-method client_secret_basic|client_secret_post|private_key_jwt] [--origin] ` +
      `[--jwks-file public-jwks.json | --jwks-uri https://…] [--par] [--dpop] ` +
      `[--fapi2 (PAR, DPoP, private_key_jwt, PKCE S256 required)] [--request-object-alg ${CLIENT_JWT_ALGS.join('|')}] ` +
      `[--logo-uri https://…|data:image/…] [--client-uri] [--policy-uri] [--tos-uri] [--brand-color #rrggbb]`,
    async run(hub, args) {
      const o = options(args);
      const parsed = createClientInputSchema.safeParse({
        app_name: o.get('name')?.[0],
        app_description: o.get('description')?.[0],
        app_url: o.get('url')?.[0],
        redirect_uris: o.get('redirect-uri') ?? [],
        allowed_origins: o.get('origin'),
        app_type: o.get('type')?.[0],
        scopes: o.get('scope'),
        post_logout_redirect_uris: o.get('post-logout-uri'),
        backchannel_logout_uri: o.get('backchannel-logout-uri')?.[0],
        token_endpoint_auth_method: o.has('public')
          ? 'none'
          : (o.get('auth-method')?.[0] ?? (o.has('fapi2') ? 'private_key_jwt' : undefined)),
        jwks: readJwks(o.get('jwks-file')?.[0]),
        jwks_uri: o.get('jwks-uri')?.[0],
        require_pushed_authorization_requests: o.has('par') || undefined,
        dpop_bound_access_tokens: o.has('dpop') || undefined,
        fapi2: o.has('fapi2') || undefined,
        request_object_signing_alg: o.get('request-object-alg')?.[0],
        logo_uri: o.get('logo-uri')?.[0],
        client_uri: o.get('client-uri')?.[0],
        policy_uri: o.get('policy-uri')?.[0],
        tos_uri: o.get('tos-uri')?.[0],
        brand_color: o.get('brand-color')?.[0],
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        console.error(`Invalid option ${issue.path.join('.') || ''}: ${issue.message}`);
        return 2;
      }
      const { client, clientSecret } = await createClient(
        hub,
        parsed.data,
        buildActor({ auth: null, ipAddress: null, userAgent: 'hub-cli', requestId: null }),
      );
      console.log(
        JSON.stringify(
          {
            id: client.id,
            client_id: client.clientId,
            client_secret: clientSecret,
            app_type: client.appType,
            redirect_uris: client.redirectUris,
            post_logout_redirect_uris: client.postLogoutRedirectUris,
            backchannel_logout_uri: client.backchannelLogoutUri,
            scopes: client.scopes,
            token_endpoint_auth_method: client.tokenEndpointAuthMethod,
            fapi2: client.fapi2,
            ...displayView(client),
          },
          null,
          2,
        ),
      );
      if (clientSecret)
        console.error('Store the client_secret now: it is shown once here (admins can reveal it again, audited).');
    },
  },
  {
    name: 'clients list',
    summary: 'list registered OAuth clients (no secrets)',
    async run(hub) {
      for (const c of await listClientViews(hub)) {
        console.log(`${c.client_id}  ${c.is_active ? 'active  ' : 'inactive'}  ${c.app_type.padEnd(11)} ${c.app_name}`);
      }
    },
  },
];
