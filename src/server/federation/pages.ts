import type { FastifyReply } from 'fastify';
import { escapeHtml, page } from '../oauth/pages';

/**
 * The page a refused federated sign-in ends on (a browser navigation, so HTML, not JSON): what
 * went wrong in plain words and the way back to /auth. Rendered by the one error hook
 * (plugins/errors.ts) for routes marked `config.signInPage`, after it wrote the refusal's audit row.
 */
export function sendSignInErrorPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Sign-in failed',
        `<h1>Sign-in did not work</h1><p>${escapeHtml(message)}</p><p>Nothing was changed in your account.</p>` +
          '<div class="actions"><a class="button" href="/auth">Back to sign-in</a></div>',
      ),
    );
}
