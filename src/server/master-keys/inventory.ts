import { SECRET_CONTEXT, API_KEY_CONTEXT, WEBHOOK_CONTEXT } from '../oauth/clients/service';
import { SUBJECT_KEY_CONTEXT } from '../audit/shredding';
import { GRACE_CONTEXT } from '../oauth/grants/refresh-token';
import { PRIVATE_JWK_CONTEXT } from '../oauth/keys/key-store';
import { PROVIDER_SECRET_CONTEXT } from '../federation/provider-columns';
import { TOTP_SEAL_CONTEXT } from '../account/totp';
import { WEBHOOK_PREVIOUS_SECRET_CONTEXT, WEBHOOK_SECRET_CONTEXT } from '../events/webhooks/secrets';
import { SSF_AUTHORIZATION_CONTEXT } from '../events/ssf/channel';
import { SINK_AUTH_HEADER_CONTEXT } from '../events/siem/secrets';

/**
 * Every column that holds a value sealed under a master key (crypto/secrets.ts), in one list: a
 * rotation re-seals each (master-keys/rotator.ts) and `master-key status` counts each per key id.
 * A new sealed column is added here, or the old key can never be retired (tests/server/master-keys
 * checks that no `*_enc` column of the schema is missing).
 *
 * Not here, and why:
 * - values sealed into browsers, never stored: the SSO state cookie (federation/state-cookie.ts),
 *   the link intent (federation/link-intent.ts), the device decision token (oauth/device/service.ts).
 *   They live minutes; the old key keeps opening them until it is retired, `RETIRE_GRACE_MS` after
 *   the switch.
 * - `platform_users.mfa_secret_enc`: no code writes or reads it (TOTP seeds live in `mfa_totp`).
 * - Keyed MACs and hashes: under the keyring's lookup key, which a rotation does not change
 *   (crypto/keyring.ts says why).
 */
export interface SealedColumn {
  /** `table.column` without `_enc`, the name status and progress use. */
  name: string;
  table: string;
  column: string;
  /** The primary key as one SQL expression and its type: the rotator pages through it. */
  key: string;
  keyType: 'uuid' | 'text' | 'smallint';
  /** The AAD the value was sealed with, or the column that decides it and the context per value. */
  context: string | { by: string; contexts: Record<string, string>; otherwise: string };
  /**
   * False while another module seals the column with a box of its own instead of the keyring:
   * counted by status, never re-sealed, and it does not hold a key back from retirement.
   */
  throughKeyring: boolean;
}

/** The context the lookup key is sealed with (master-keys/state.ts). */
export const LOOKUP_KEY_CONTEXT = 'master_key_lookup.sealed_key';

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  column('master_key_lookup', 'sealed_key', 'id', 'smallint', LOOKUP_KEY_CONTEXT),
  column('oauth_clients', 'client_secret_enc', 'id', 'uuid', SECRET_CONTEXT),
  column('oauth_clients', 'previous_secret_enc', 'id', 'uuid', SECRET_CONTEXT),
  column('oauth_clients', 'api_key_enc', 'id', 'uuid', API_KEY_CONTEXT),
  column('oauth_clients', 'webhook_secret_enc', 'id', 'uuid', WEBHOOK_CONTEXT),
  column('oauth_refresh_tokens', 'grace_response_enc', 'token_hash', 'text', GRACE_CONTEXT),
  column('signing_keys', 'private_jwk_enc', 'kid', 'text', PRIVATE_JWK_CONTEXT),
  column('identity_providers', 'client_secret_enc', 'id', 'uuid', PROVIDER_SECRET_CONTEXT),
  column('mfa_totp', 'secret_enc', 'user_id', 'uuid', TOTP_SEAL_CONTEXT),
  column('webhook_endpoints', 'secret_enc', 'id', 'uuid', {
    by: 'channel',
    contexts: { ssf: SSF_AUTHORIZATION_CONTEXT },
    otherwise: WEBHOOK_SECRET_CONTEXT,
  }),
  column('webhook_endpoints', 'previous_secret_enc', 'id', 'uuid', WEBHOOK_PREVIOUS_SECRET_CONTEXT),
  column('audit_sinks', 'auth_header_enc', 'id', 'uuid', SINK_AUTH_HEADER_CONTEXT),
  {
    ...column('audit_subject_keys', 'sealed_key', `user_id::text || '/' || key_id`, 'text', SUBJECT_KEY_CONTEXT),
    // audit/shredding.ts seals these with createSecretBox(the key createAuditLog is given), which
    // is the keyring's lookup key: re-sealing them under another key would lock the audit out.
    throughKeyring: false,
  },
];

function column(
  table: string,
  name: string,
  key: string,
  keyType: SealedColumn['keyType'],
  context: SealedColumn['context'],
): SealedColumn {
  return {
    name: `${table}.${name.replace(/_enc$/, '')}`,
    table,
    column: name,
    key,
    keyType,
    context,
    throughKeyring: true,
  };
}

/** The context one stored value was sealed with (`by`: the value of the deciding column). */
export function contextOf(sealed: SealedColumn, by: string | null): string {
  if (typeof sealed.context === 'string') return sealed.context;
  return (by !== null ? sealed.context.contexts[by] : undefined) ?? sealed.context.otherwise;
}
