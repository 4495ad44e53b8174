import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';

type WithHeaders = Pick<LightMyRequestResponse, 'headers'>;

/** The whole Set-Cookie line the response sends for `name`, attributes included. */
export function setCookieLine(res: WithHeaders, name: string = SESSION_COOKIE): string | undefined {
  return [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((line) => line.startsWith(`${name}=`));
}

/** The `name=value` pair a browser sends back after this response, or undefined if it sets none. */
export function cookieFrom(res: WithHeaders, name: string = SESSION_COOKIE): string | undefined {
  return setCookieLine(res, name)?.split(';')[0];
}

/** The value of a `name=value` pair (the session token behind sessionCookieFor's cookie). */
export function cookieValue(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1).split(';')[0];
}
