import type { BrowserAuth } from './auth/sessions';
import type { AuditActorFields } from './audit/record';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';

/**
 * Who acts in a request, and from where: built once per request (plugins/actor.ts) and handed to
 * services, which never read the request themselves. Anonymous callers are actors too (no user).
 */
export interface Actor {
  userId: string | null;
  sessionId: string | null;
  roles: string[];
  ipAddress: string | null;
  userAgent: string | null;
  /** The request id (X-Request-Id), carried into log lines and audit rows. */
  requestId: string | null;
  /** The signed-in state behind the hub session cookie, when there is one. */
  auth: BrowserAuth | null;
  /**
   * The language a person reads this request's answers and mails in (i18n/translate.ts
   * requestLocale: the saved choice, else ui_locales, else Accept-Language, else en).
   */
  locale: Locale;
  /** The fields every audit event this actor causes carries. */
  audit: AuditActorFields;
}

/** An actor with a live hub session (what `requireActor` guarantees). */
export interface SignedInActor extends Actor {
  userId: string;
  sessionId: string;
  auth: BrowserAuth;
}

export function buildActor(input: {
  auth: BrowserAuth | null;
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  locale?: Locale;
}): Actor {
  const { auth } = input;
  const userId = auth?.user.id ?? null;
  const sessionId = auth?.session.id ?? null;
  return {
    userId,
    sessionId,
    roles: auth?.roles ?? [],
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    requestId: input.requestId,
    auth,
    locale: input.locale ?? DEFAULT_LOCALE,
    audit: {
      userId,
      sessionId,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      requestId: input.requestId,
      // Issue 42: a session an administrator views as the user in names them on every row.
      ...(auth?.session.act ? { act: auth.session.act } : {}),
    },
  };
}

/** An actor outside any request (CLI, background tasks). */
export function systemActor(): Actor {
  return buildActor({ auth: null, ipAddress: null, userAgent: null, requestId: null });
}
