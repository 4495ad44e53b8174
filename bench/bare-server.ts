/**
 * The floor: a bare node:http server that reads the form body and answers a fixed JSON, on
 * the same paths. Whatever a real provider costs above this is its own work. GET of the
 * discovery document and the JWKS answers the bytes in BARE_DISCOVERY_FILE / BARE_JWKS_FILE
 * (the hub's own documents, so the sizes match).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
const TOKEN = JSON.stringify({
  access_token: 'x'.repeat(400),
  token_type: 'Bearer',
  expires_in: 900,
  scope: 'read:profile',
});
const ACTIVE = JSON.stringify({ active: true, client_id: 'bare', scope: 'read:profile', exp: 2_000_000_000 });
const file = (name: string | undefined, fallback: string) => (name ? readFileSync(name) : Buffer.from(fallback));
const DISCOVERY = file(process.env.BARE_DISCOVERY_FILE, '{"issuer":"http://127.0.0.1"}');
const JWKS = file(process.env.BARE_JWKS_FILE, '{"keys":[]}');

http
  .createServer((req, res) => {
    if (req.method === 'GET') {
      const doc = req.url === '/.well-known/openid-configuration' ? DISCOVERY : req.url === '/oauth/jwks' ? JWKS : null;
      if (!doc) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'application/json' }).end(doc);
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      new URLSearchParams(body);
      const payload = req.url === '/oauth/token' ? TOKEN : req.url === '/oauth/introspect' ? ACTIVE : null;
      if (!payload) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(payload);
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`bare listening on ${port}`));
