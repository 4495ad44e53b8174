import type { FastifyServerOptions } from 'fastify';
import { loggableError } from './plugins/errors';

/** Query-string parameters whose values never reach a log line. */
const SENSITIVE_PARAM = /token|code|secret|password|key|hint|verifier|assertion|state|nonce/i;

/** The URL as logged: sensitive query values replaced, so a log file never holds a credential. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of [...params.keys()]) {
    if (SENSITIVE_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * pino options for Fastify: JSON lines; requests are logged as method, redacted URL, remote
 * address and user agent only. Headers (cookies, Authorization) and bodies are never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers', 'headers.cookie', 'headers.authorization', '*.password', '*.token', '*.client_secret'],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers?.['user-agent'],
        };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
      // Every `{ err }` in any log line: statement text, never a query's bound parameters
      // (issue 11 finding 10: an argon2 hash reached the log through a raw query error).
      err(err: Error) {
        // Already made loggable (plugins/errors.ts passes loggableError's output): keep it.
        if (!(err instanceof Error)) return err;
        const safe = loggableError(err);
        return { ...safe, type: err.name, message: String(safe.message), stack: String(safe.stack ?? '') };
      },
    },
  };
}
