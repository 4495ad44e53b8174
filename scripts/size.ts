/**
 * `npm run size`: the JavaScript each route downloads before its first render (the entry plus
 * the static-import closure of the route's lazy modules, read from Vite's manifest), raw,
 * gzip and brotli, from a fresh production build. Exits 1 when a route is over its budget.
 *
 *   npm run size             build, print the table, check the budgets
 *   npm run size -- --markdown   the same table as Markdown (for the README)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const KB = 1024;

/**
 * Gzipped JavaScript per route. The landing page's is issue 14's budget; the Analytics tab
 * carries recharts (~110 KB gzipped), which no other screen loads; every other screen gets
 * the general budget.
 */
const LANDING_BUDGET_GZIP = 120 * KB;
const ROUTE_BUDGET_GZIP = 200 * KB;
const BUDGETS: Record<string, number> = { '/': LANDING_BUDGET_GZIP, '/admin?tab=analytics': 280 * KB };

const MODULES = [
  'fulfils',
  'role-builder',
  'qrc',
  'sortstak',
  'talentmls',
  'talentspark',
  'ip-filters',
  'data-mining',
  'health',
  'settings',
];
const SIGNED_IN = ['features/auth/require-auth.tsx', 'layout/shell/signed-in-layout.tsx'];
const ADMIN = [...SIGNED_IN, 'features/admin/admin-page.tsx'];
const adminTab = (file: string) => [...ADMIN, file];

/** Each route and the lazy modules (manifest keys, relative to src/web) it loads to render. */
const ROUTES: [string, string[]][] = [
  ['/', []], // the landing page is part of the entry
  ['/auth', ['features/auth/auth-page.tsx']],
  ['/demo', ['features/demo/demo-layout.tsx', 'features/demo/demo-dashboard.tsx']],
  ['/demo/admin', ['features/demo/demo-layout.tsx', 'features/demo/demo-admin.tsx']],
  ...MODULES.map((m): [string, string[]] => [
    `/demo/${m}`,
    ['features/demo/demo-layout.tsx', `modules/${m}/${m}-page.tsx`],
  ]),
  ['/final-todo', ['features/final-todo/final-todo-page.tsx']],
  ['/admin', adminTab('features/admin/overview-tab.tsx')],
  ['/admin?tab=users', adminTab('features/admin/users-tab.tsx')],
  ['/admin?tab=security', adminTab('features/admin/security-tab.tsx')],
  ['/admin?tab=security-audit', adminTab('features/admin/security-audit-tab.tsx')],
  ['/admin?tab=analytics', adminTab('features/admin/analytics-tab.tsx')],
  ['/admin?tab=settings', adminTab('features/admin/settings-tab.tsx')],
  ['/admin?tab=audit-log', adminTab('features/audit-log/audit-log-tab.tsx')],
  ['/oauth-admin', [...SIGNED_IN, 'features/oauth-admin/oauth-admin-page.tsx']],
  ['/account', [...SIGNED_IN, 'features/account/account-page.tsx', 'features/account/profile-tab.tsx']],
  ['/account?tab=security', [...SIGNED_IN, 'features/account/account-page.tsx', 'features/account/security-tab.tsx']],
  ['/account?tab=sessions', [...SIGNED_IN, 'features/account/account-page.tsx', 'features/account/sessions-tab.tsx']],
  ['/account?tab=apps', [...SIGNED_IN, 'features/account/account-page.tsx', 'features/account/apps-tab.tsx']],
  ['/account/confirm-email', ['features/account/confirm-email-page.tsx']],
  ['/forgot-password', ['features/auth/forgot-password-page.tsx']],
  ['/reset-password', ['features/auth/reset-password-page.tsx']],
  ['/auth-redirect', ['features/auth/require-auth.tsx', 'features/auth-redirect/auth-redirect-page.tsx']],
  ...MODULES.map((m): [string, string[]] => [`/${m}`, [...SIGNED_IN, `modules/${m}/${m}-page.tsx`]]),
  ['(404)', ['features/not-found/not-found-page.tsx']],
];

interface Chunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

function build() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** Every JS file a set of entries pulls in before it runs (static imports only). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build: update the route list in scripts/size.ts`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
/** Sizes as served: the build's own .gz/.br copies when it wrote them, else computed the same way. */
function sizes(file: string) {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const full = path.join(dist, file);
  const raw = readFileSync(full);
  const served = (ext: string, compress: (b: Buffer) => Buffer) =>
    existsSync(full + ext) ? readFileSync(full + ext).length : Math.min(raw.length, compress(raw).length);
  const result = { raw: raw.length, gzip: served('.gz', gzipSync), brotli: served('.br', brotliCompressSync) };
  sizeCache.set(file, result);
  return result;
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

function main() {
  const markdown = process.argv.includes('--markdown');
  if (!process.argv.includes('--no-build')) build();
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const rows = ROUTES.map(([route, modules]) => {
    const files = closure(manifest, ['index.html', ...modules]);
    const total = { raw: 0, gzip: 0, brotli: 0, files: files.size };
    for (const f of files) {
      const s = sizes(f);
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.brotli += s.brotli;
    }
    const budget = BUDGETS[route] ?? ROUTE_BUDGET_GZIP;
    return { route, ...total, budget, over: total.gzip > budget };
  });

  const header = ['route', 'files', 'raw', 'gzip', 'brotli', 'gzip budget'];
  const lines = rows.map((r) => [
    r.route,
    String(r.files),
    kb(r.raw),
    kb(r.gzip),
    kb(r.brotli),
    `${kb(r.budget)}${r.over ? ' OVER' : ''}`,
  ]);
  if (markdown) {
    console.log(`| ${header.join(' | ')} |`);
    console.log(`|${header.map((_, i) => (i < 1 ? '---' : '---:')).join('|')}|`);
    for (const l of lines) console.log(`| ${l.join(' | ')} |`);
  } else {
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const fmt = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(fmt(header));
    for (const l of lines) console.log(fmt(l));
  }
  const over = rows.filter((r) => r.over);
  if (over.length) {
    console.error(`\nOver budget: ${over.map((r) => `${r.route} ${kb(r.gzip)} gzip > ${kb(r.budget)}`).join('; ')}`);
    process.exit(1);
  }
  console.log(`\nAll ${rows.length} routes within budget (landing ≤ ${kb(LANDING_BUDGET_GZIP)} gzip).`);
}

main();
