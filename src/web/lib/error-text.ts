import { ApiError } from './api';

/**
 * The one place that turns an API failure into words for people. Codes whose server message
 * is written for machines, or that mean "try again later", get a sentence here; every other
 * refusal (4xx) shows the server's own message, which says exactly what was wrong.
 */
const CODE_TEXT: Record<string, string> = {
  network_error: 'The hub could not be reached. Check your connection and try again.',
  unauthenticated: 'Your session has ended. Sign in again to continue.',
  csrf_failed: 'The request was refused for your security. Reload the page and try again.',
  rate_limited: 'Too many requests. Wait a moment and try again.',
  database_unavailable: 'The hub is temporarily unavailable. Try again in a moment.',
  internal_error: 'Something went wrong on the hub. Try again; if it keeps happening, tell an administrator.',
};

const UNKNOWN = 'Something went wrong. Try again.';

/**
 * Where a screen's words are fixed elsewhere (the spec's §8 texts, a wait from Retry-After), the
 * screen hands its Wording to errorText instead of growing a translator of its own. `refusal`
 * words particular refusals (undefined: not this one); `unexpected` is the spec's dialect: the
 * server's message for any other refusal, this sentence for everything else.
 */
export interface Wording {
  refusal?: (error: ApiError) => string | undefined;
  unexpected?: string;
}

export function errorText(error: unknown, { refusal, unexpected }: Wording = {}): string {
  if (!(error instanceof ApiError)) return unexpected ?? UNKNOWN;
  const own = refusal?.(error);
  if (own !== undefined) return own;
  if (unexpected !== undefined) return (isRefusal(error) && error.message) || unexpected;
  const known = CODE_TEXT[error.code];
  if (known) return known;
  if (error.status >= 500 || error.status === 0) return CODE_TEXT.internal_error;
  return error.message || UNKNOWN;
}

function isRefusal(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500;
}
