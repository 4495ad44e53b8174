/**
 * bench:signin's floor: a bare node:http server that reads a JSON body and verifies its password
 * with argon2id at the hub's parameters (src/server/auth/passwords.ts), and nothing else.
 * The hub's sign-in can be at most this fast on the same machine.
 */
import http from 'node:http';
import { hashPassword, verifyPassword } from '../src/server/auth/passwords';

const port = Number(process.env.PORT);
const stored = await hashPassword(process.env.ARGON2_PASSWORD ?? 'Cobalt-Harbor-1947!');

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let password = '';
      try {
        password = String((JSON.parse(body) as { password?: unknown }).password ?? '');
      } catch {
        // an empty password fails below
      }
      verifyPassword(stored, password).then(
        (ok) => res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(`{"ok":${ok}}`),
        () => res.writeHead(500).end(),
      );
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`argon2 floor listening on ${port}`));
