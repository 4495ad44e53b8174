/**
 * Constants of the two browser audit queues (spec §9) and of the ingestion route that
 * receives them. Both sides import these so the browser never builds a batch the server refuses.
 */

/** Admin flow: flush every 30 s, on unload, at once for high/critical. */
export const ADMIN_FLUSH_INTERVAL_MS = 30_000;

/** Security-event flow: flush every 5 s when non-empty, at once for high/critical and at 50 queued. */
export const SECURITY_FLUSH_INTERVAL_MS = 5_000;
export const SECURITY_FLUSH_THRESHOLD = 50;

/**
 * The spec leaves the re-queue limit unnamed ("not shown as a number"); 500 is ours. Beyond it
 * the oldest events are dropped and the count of dropped events is reported in the next flush.
 */
export const AUDIT_QUEUE_LIMIT = 500;

/** Spec §9: the admin flow's session id is the last 8 characters of the session identifier. */
export const AUDIT_SESSION_ID_LENGTH = 8;

/** sessionStorage key of the security-event flow's per-tab session id. */
export const AUDIT_TAB_SESSION_KEY = 'hub.audit.tab_session_id';

/** Ingestion limits (POST /api/audit/events). */
export const AUDIT_BATCH_MAX_EVENTS = 100;
export const AUDIT_BATCH_MAX_BYTES = 64 * 1024;
export const AUDIT_DETAILS_MAX_BYTES = 8 * 1024;

/**
 * What a signed-out page may report (finding: anonymous callers forged sign-in failures and
 * high-severity events): only the page-load events the security queue sends at start —
 * `config_change` with action `app_startup` at severity `info` (spec §9), or an `app_startup`
 * type — at info, low or medium. Anything else from a signed-out caller answers 401.
 */
export const AUDIT_ANON_EVENT_TYPES: readonly string[] = ['app_startup', 'config_change'];
export const AUDIT_ANON_SEVERITIES: readonly string[] = ['info', 'low', 'medium'];

/**
 * Browser page-load events: stored, but hidden in the viewer and export unless asked for
 * (`include_browser=true`) and never counted in the Overview or Analytics.
 */
export const AUDIT_BROWSER_PAGE_LOAD_TYPES: readonly string[] = ['app_startup', 'config_change'];

/** Anonymous (signed-out) ingestion: requests per IP per window. */
export const AUDIT_ANON_RATE_LIMIT = 60;
export const AUDIT_ANON_RATE_WINDOW_MS = 60_000;
/** Signed-in ingestion: requests per user per window (a runaway tab must not flood the chain). */
export const AUDIT_USER_RATE_LIMIT = 120;
export const AUDIT_USER_RATE_WINDOW_MS = 60_000;

export const AUDIT_INGEST_PATH = '/api/audit/events';

/** Viewer page size. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
