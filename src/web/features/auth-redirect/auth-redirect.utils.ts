import { defineMessages } from 'react-intl';
import { ApiError } from '@/lib/api';

/** Spec §8 texts of the cross-platform page. */
export const AUTH_REDIRECT_TEXT = defineMessages({
  invalidTitle: { id: 'authRedirect.invalidTitle', defaultMessage: 'Invalid Request' },
  missingParams: {
    id: 'authRedirect.missingParams',
    defaultMessage: 'Missing required parameters: app_id and redirect_url',
  },
  failedSession: { id: 'authRedirect.failedSession', defaultMessage: 'Failed to create session for the target app' },
  unexpected: { id: 'authRedirect.unexpected', defaultMessage: 'An error occurred during authentication' },
  errorTitle: { id: 'authRedirect.errorTitle', defaultMessage: 'Authentication Error' },
  theApplication: { id: 'authRedirect.theApplication', defaultMessage: 'the application' },
  working: { id: 'authRedirect.working', defaultMessage: 'Creating a secure session and redirecting you...' },
  home: { id: 'authRedirect.home', defaultMessage: 'Return to Dashboard' },
  retry: { id: 'authRedirect.retry', defaultMessage: 'Try Again' },
});

export interface HandoffParams {
  appId: string;
  redirectUrl: string;
  appName: string | null;
}

/** The page's parameters, or null when app_id or redirect_url is missing (spec §2). */
export function readHandoffParams(params: URLSearchParams): HandoffParams | null {
  const appId = params.get('app_id')?.trim();
  const redirectUrl = params.get('redirect_url')?.trim();
  if (!appId || !redirectUrl) return null;
  return { appId, redirectUrl, appName: params.get('app_name') };
}

/** The fields the hidden form posts to the app (spec §2: timestamp in milliseconds). */
export function handoffFields(
  session: { session_token: string; user_id: string },
  now: number,
): Record<string, string> {
  return { session_token: session.session_token, user_id: session.user_id, timestamp: String(now) };
}

/**
 * The server's own reason for refusing a hand-off when it named one (an unregistered redirect
 * URL, an inactive or unknown app, bad input), shown under the spec's 'Failed to create
 * session for the target app'; null for outages and anything unnamed.
 */
export function handoffFailureReason(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return null;
}
