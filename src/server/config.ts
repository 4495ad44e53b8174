import { z } from 'zod';
import { parseMasterKeyList } from './crypto/keyring';

/**
 * The hub's whole configuration, read once from the environment at start.
 * Every variable is documented in the README; a bad value stops the process with
 * one line naming the variable (see `ConfigError`).
 */
export interface HubConfig {
  port: number;
  host: string;
  /** External base URL without a trailing slash; the OIDC issuer. */
  publicUrl: string;
  /** `postgres://…` selects PostgreSQL; undefined selects embedded PGlite. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * From the environment: the first of `HUB_MASTER_KEY` and `HUB_MASTER_KEYS` (undefined in embedded
   * mode until the data directory's key file is read). In a built hub (`hub.config`): the keyring's
   * lookup key, the key of keyed MACs, which no rotation changes (crypto/keyring.ts).
   */
  masterKey?: Buffer;
  /** Every master key of the environment (`HUB_MASTER_KEY`, then `HUB_MASTER_KEYS`), distinct; empty in embedded mode without them. */
  masterKeys: Buffer[];
  /** Plain setup key from the environment, if the operator chose one. */
  setupKey?: string;
  sessionIdleMinutes: number;
  /** SCIM calls one organization token may make per minute (issue 41). */
  scimRequestsPerMinute: number;
  sessionAbsoluteHours: number;
  auditRetentionDays: number;
  /** Days between an account's erasure request and the erasure (0 = at once; issue 41). */
  accountDeletionGraceDays: number;
  smtpUrl?: string;
  logLevel: string;
  /** Trust X-Forwarded-For from a load balancer in front of the hub. */
  trustProxy: boolean;
  isProduction: boolean;
  /** PostgreSQL pool size and timeouts (db/client.ts). */
  db: { poolMax: number; connectMs: number; statementMs: number; readMs: number; idleInTransactionMs: number };
  /** Bearer token that /metrics requires on the main port; undefined = not served there. */
  metricsToken?: string;
  /**
   * HUB_OUTBOUND_ALLOW_PRIVATE (default false): let the hub's outbound calls (webhooks, SSF,
   * SIEM sinks, clients' jwks_uri, back-channel logout, upstream identity providers) reach
   * loopback, private, link-local and the other special addresses (net/outbound.ts). Off, they are
   * refused at registration and at every call. HUB_WEBHOOKS_ALLOW_PRIVATE and
   * HUB_OAUTH_JWKS_ALLOW_PRIVATE are read as deprecated aliases.
   */
  outboundAllowPrivate: boolean;
  /**
   * HUB_WEBHOOK_RETRY_SCALE (default 1): the webhook retry schedule (events/delivery/retry-schedule.ts, about 27.6
   * hours) multiplied by this factor. Below 1 only for tests and staging, where a receiver's
   * outage is minutes, not hours: the cluster test drives retries with it instead of waiting. The
   * delivery lease (60 s) shrinks with it, to no less than two send timeouts (20 s).
   */
  webhookRetryScale: number;
  /** A separate port (on HUB_METRICS_HOST) serving /metrics without a token; undefined = none. */
  metricsPort?: number;
  metricsHost: string;
  /**
   * SIGTERM (HUB_SHUTDOWN_TIMEOUT_MS, default 10 s): once the listener is closed, how long the
   * requests in flight may take before their connections are cut.
   */
  shutdownTimeoutMs: number;
  /**
   * SIGTERM (HUB_SHUTDOWN_DELAY_MS, default 0): how long the node keeps serving new requests as
   * usual while its readiness fails, before it refuses them. For balancers that neither poll
   * readiness nor retry a 503 on another node, e.g. a Kubernetes Service (L4) while the endpoint
   * removal propagates. See plugins/drain.ts and docs/operating-drain.md.
   */
  shutdownDelayMs: number;
  /**
   * SIGTERM (HUB_DRAIN_QUIET_MS, default 1 s): after the delay, new requests get 503 +
   * `Connection: close` + `Retry-After` (the balancer retries them elsewhere) and the listener
   * closes once no request has arrived for this long: the balancer has stopped sending.
   */
  drainQuietMs: number;
  /**
   * SIGTERM (HUB_DRAIN_MAX_MS, default 5 s): the listener closes at the latest this long after
   * the refusal began, even if requests still arrive (a balancer without health checks keeps
   * sending its share; it retries the refused connections on another node).
   */
  drainMaxMs: number;
  /** HUB_ADMIN_MFA: `required` (default) refuses /api/admin/* to admins without a second factor. */
  adminMfa: 'required' | 'optional';
  /** WebAuthn relying party id (HUB_WEBAUTHN_RP_ID); unset: the public URL's host name. */
  webauthnRpId?: string;
  /** The origin browsers report in WebAuthn client data (HUB_WEBAUTHN_ORIGIN); unset: the public URL's origin. */
  webauthnOrigin?: string;
  /**
   * HUB_DNS_SERVERS: the resolvers that check organizations' domain TXT records (orgs/dns.ts),
   * comma-separated `ip` or `ip:port`; unset: the system's resolvers.
   */
  dnsServers?: string[];
  /** RFC 8628 §3.2 polling interval of new device codes, in seconds (default 5; tests use 1). */
  devicePollIntervalS?: number;
  /**
   * HUB_PWNED_PASSWORDS_URL: a k-anonymity "range" API (`GET {url}/{5 hex}` answering
   * `SUFFIX:COUNT` lines) checked after the shipped corpus; unset (default): off.
   */
  pwnedPasswordsUrl?: string;
  /**
   * HUB_EMAIL_SIGN_IN: `code`, `link` or `code,link` turns on sign-in by emailed one-time code
   * or link at start (development); unset: off unless an administrator turns it on.
   */
  emailSignIn: Array<'code' | 'link'>;
  /** The OAuth provider's FAPI 2.0 building blocks (oauth/par.ts, oauth/dpop.ts, oauth/client-jwks.ts). */
  oauthSecurity: {
    /** HUB_OAUTH_REQUIRE_PAR: every authorization request must be pushed first (RFC 9126 §5); default false. */
    requirePar: boolean;
    /** HUB_OAUTH_DPOP_NONCE: DPoP proofs must carry a server nonce (RFC 9449 §8, §9); default false. */
    dpopNonce: boolean;
  };
  /**
   * HUB_DCR: the default policy of dynamic client registration (RFC 7591, oauth/registration/) until
   * an administrator sets one: 'off' (default), 'token' (an initial access token) or 'open'.
   */
  dcr: 'off' | 'token' | 'open';
  /**
   * Scheduled online backups of the embedded database (backup/schedule.ts): HUB_BACKUP_DIR (unset:
   * none), HUB_BACKUP_EVERY (`90m`, `6h`, `1d`; default 1d), HUB_BACKUP_KEEP (default 7 files).
   */
  backup?: { dir: string; everyMinutes: number; keep: number };
}

export class ConfigError extends Error {}

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  HUB_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => !new URL(v).search && !new URL(v).hash, 'must not carry a query or fragment')
    .optional(),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  HUB_DATA_DIR: z.string().min(1).default('./data'),
  HUB_MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  HUB_MASTER_KEYS: z
    .string()
    .refine(
      (v) => parseMasterKeyList(v).every((k) => k.length === 32),
      'must list keys of 32 bytes each, base64-encoded, separated by commas',
    )
    .optional(),
  HUB_SETUP_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  HUB_SESSION_IDLE_MINUTES: positiveInt.default(120),
  HUB_SCIM_REQUESTS_PER_MINUTE: positiveInt.default(1200),
  HUB_SESSION_ABSOLUTE_HOURS: positiveInt.default(24 * 7),
  HUB_AUDIT_RETENTION_DAYS: positiveInt.default(365),
  HUB_ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  HUB_TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  HUB_ADMIN_MFA: z.enum(['required', 'optional']).default('required'),
  HUB_WEBAUTHN_RP_ID: z.string().min(1).max(253).optional(),
  HUB_WEBAUTHN_ORIGIN: z.url().optional(),
  HUB_DNS_SERVERS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) =>
        list.length > 0 &&
        list.every((s) => /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/.test(s)),
      'must be comma-separated IP addresses, each optionally with :port',
    )
    .optional(),
  HUB_DB_POOL_MAX: positiveInt.default(20),
  HUB_DB_CONNECT_TIMEOUT_MS: positiveInt.default(2000),
  HUB_DB_STATEMENT_TIMEOUT_MS: positiveInt.default(4000),
  HUB_DB_READ_TIMEOUT_MS: positiveInt.default(4500),
  HUB_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.default(10_000),
  HUB_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  HUB_METRICS_PORT: port.optional(),
  HUB_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  HUB_SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  HUB_SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  HUB_DRAIN_QUIET_MS: positiveInt.default(1000),
  HUB_DRAIN_MAX_MS: z.coerce.number().int().min(0).default(5000),
  HUB_OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  HUB_WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  HUB_OAUTH_REQUIRE_PAR: z.enum(['true', 'false', '1', '0']).default('false'),
  HUB_OAUTH_DPOP_NONCE: z.enum(['true', 'false', '1', '0']).default('false'),
  HUB_OAUTH_JWKS_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  HUB_DCR: z.enum(['off', 'token', 'open']).default('off'),
  HUB_WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  HUB_PWNED_PASSWORDS_URL: z.url().optional(),
  HUB_EMAIL_SIGN_IN: z
    .string()
    .regex(/^\s*(code|link)\s*(,\s*(code|link)\s*)?$/, 'must be code, link or code,link')
    .optional(),
  HUB_BACKUP_DIR: z.string().min(1).optional(),
  HUB_BACKUP_EVERY: z
    .string()
    .regex(/^\d+[mhd]$/, 'must be a number of minutes, hours or days, e.g. 90m, 6h, 1d')
    .transform((v) => Number(v.slice(0, -1)) * { m: 1, h: 60, d: 1440 }[v.slice(-1) as 'm' | 'h' | 'd'])
    .refine((minutes) => minutes >= 1, 'must be at least 1m')
    .default(1440),
  HUB_BACKUP_KEEP: positiveInt.default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`${name} ${issue.message.replace(/^Invalid input: /, 'is invalid: ')}`);
  }
  const e = parsed.data;
  const masterKeys = [
    ...(e.HUB_MASTER_KEY ? [Buffer.from(e.HUB_MASTER_KEY, 'base64')] : []),
    ...parseMasterKeyList(e.HUB_MASTER_KEYS ?? ''),
  ].filter((k, i, all) => all.findIndex((o) => o.equals(k)) === i);
  if (e.DATABASE_URL && masterKeys.length === 0) {
    throw new ConfigError(
      'DATABASE_URL is set but HUB_MASTER_KEY is missing (generate one with: openssl rand -base64 32)',
    );
  }
  if (e.DATABASE_URL && e.HUB_BACKUP_DIR) {
    throw new ConfigError(
      'HUB_BACKUP_DIR backs up the embedded database; with DATABASE_URL use pg_dump or WAL archiving (docs/operating.md)',
    );
  }
  const publicUrl = (e.HUB_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.HUB_DATA_DIR,
    masterKey: masterKeys[0],
    masterKeys,
    setupKey: e.HUB_SETUP_KEY,
    sessionIdleMinutes: e.HUB_SESSION_IDLE_MINUTES,
    scimRequestsPerMinute: e.HUB_SCIM_REQUESTS_PER_MINUTE,
    sessionAbsoluteHours: e.HUB_SESSION_ABSOLUTE_HOURS,
    auditRetentionDays: e.HUB_AUDIT_RETENTION_DAYS,
    accountDeletionGraceDays: e.HUB_ACCOUNT_DELETION_GRACE_DAYS,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.HUB_TRUST_PROXY === 'true' || e.HUB_TRUST_PROXY === '1',
    isProduction: e.NODE_ENV === 'production',
    adminMfa: e.HUB_ADMIN_MFA,
    dnsServers: e.HUB_DNS_SERVERS,
    webauthnRpId: e.HUB_WEBAUTHN_RP_ID,
    webauthnOrigin: e.HUB_WEBAUTHN_ORIGIN ? new URL(e.HUB_WEBAUTHN_ORIGIN).origin : undefined,
    db: {
      poolMax: e.HUB_DB_POOL_MAX,
      connectMs: e.HUB_DB_CONNECT_TIMEOUT_MS,
      statementMs: e.HUB_DB_STATEMENT_TIMEOUT_MS,
      readMs: e.HUB_DB_READ_TIMEOUT_MS,
      idleInTransactionMs: e.HUB_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    metricsToken: e.HUB_METRICS_TOKEN,
    metricsPort: e.HUB_METRICS_PORT,
    metricsHost: e.HUB_METRICS_HOST,
    shutdownTimeoutMs: e.HUB_SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.HUB_SHUTDOWN_DELAY_MS,
    drainQuietMs: e.HUB_DRAIN_QUIET_MS,
    drainMaxMs: e.HUB_DRAIN_MAX_MS,
    // One policy, one setting: either old name allowing private targets allows them for every call.
    outboundAllowPrivate: isTrue(
      e.HUB_OUTBOUND_ALLOW_PRIVATE ?? e.HUB_WEBHOOKS_ALLOW_PRIVATE ?? e.HUB_OAUTH_JWKS_ALLOW_PRIVATE ?? 'false',
    ),
    oauthSecurity: {
      requirePar: isTrue(e.HUB_OAUTH_REQUIRE_PAR),
      dpopNonce: isTrue(e.HUB_OAUTH_DPOP_NONCE),
    },
    webhookRetryScale: e.HUB_WEBHOOK_RETRY_SCALE,
    dcr: e.HUB_DCR,
    pwnedPasswordsUrl: e.HUB_PWNED_PASSWORDS_URL,
    backup: e.HUB_BACKUP_DIR
      ? { dir: e.HUB_BACKUP_DIR, everyMinutes: e.HUB_BACKUP_EVERY, keep: e.HUB_BACKUP_KEEP }
      : undefined,
    emailSignIn: [...new Set((e.HUB_EMAIL_SIGN_IN ?? '').split(',').map((m) => m.trim()))].filter(
      (m): m is 'code' | 'link' => m === 'code' || m === 'link',
    ),
  };
}

/** Settings read under an old name: one line each for the operator, printed at start. */
const DEPRECATED_NAMES: Record<string, string> = {
  HUB_WEBHOOKS_ALLOW_PRIVATE: 'HUB_OUTBOUND_ALLOW_PRIVATE',
  HUB_OAUTH_JWKS_ALLOW_PRIVATE: 'HUB_OUTBOUND_ALLOW_PRIVATE',
};

export function configDeprecations(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(DEPRECATED_NAMES)
    .filter(([old]) => env[old] !== undefined && env[old] !== '')
    .map(([old, now]) => `${old} is deprecated: it is read as ${now}, which governs every outbound call; rename it.`);
}

function isTrue(v: string): boolean {
  return v === 'true' || v === '1';
}

export function isHttps(config: Pick<HubConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}
