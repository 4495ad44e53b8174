// `npm run dev`: the API on :3001 (restarted by tsx watch on change) behind Vite's dev server
// on :5173 with hot reload. The browser talks to Vite only; Vite proxies /api, /oauth and
// /.well-known, so the public URL (cookies, CSRF origin, OIDC issuer) is Vite's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.HUB_API_PORT ?? '3001';
const webPort = process.env.HUB_WEB_PORT ?? '5173';
const env = {
  ...process.env,
  PORT: apiPort,
  HUB_API_PORT: apiPort,
  HUB_PUBLIC_URL: process.env.HUB_PUBLIC_URL ?? `http://localhost:${webPort}`,
};

const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
