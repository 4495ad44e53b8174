// One-off codemod (issue 39): physical Tailwind classes (ml-/pr-/left-/text-right/border-l/rounded-r…) to logical
// ones (ms-/pe-/start-/text-end/border-s/rounded-e…) across src/web, so the layout mirrors under dir=rtl.
// Re-runnable: `node scripts/logical-classes.mjs`.
import fs from 'node:fs';
import path from 'node:path';
const map = {
  ml: 'ms',
  mr: 'me',
  pl: 'ps',
  pr: 'pe',
  'scroll-ml': 'scroll-ms',
  'scroll-mr': 'scroll-me',
  'scroll-pl': 'scroll-ps',
  'scroll-pr': 'scroll-pe',
  left: 'start',
  right: 'end',
  'border-l': 'border-s',
  'border-r': 'border-e',
  'rounded-l': 'rounded-s',
  'rounded-r': 'rounded-e',
  'rounded-tl': 'rounded-ss',
  'rounded-tr': 'rounded-se',
  'rounded-bl': 'rounded-es',
  'rounded-br': 'rounded-ee',
};
const re = new RegExp(
  String.raw`(?<=^|[\s"'\x60])((?:[a-z0-9@[\]=&>_*-]+:)*)(-?)` +
    String.raw`(scroll-m[lr]|scroll-p[lr]|m[lr]|p[lr]|left|right|border-[lr]|rounded-(?:[tb][lr]|[lr])|text-(?:left|right))` +
    String.raw`(?:-([a-z0-9./[\]%()_-]+))?(?=$|[\s"'\x60])`,
  'gm',
);
let changed = 0;
function walk(d) {
  for (const f of fs.readdirSync(d)) {
    const p = path.join(d, f);
    if (fs.statSync(p).isDirectory()) walk(p);
    else if (/\.(tsx?|css)$/.test(p)) fix(p);
  }
}
function fix(p) {
  const src = fs.readFileSync(p, 'utf8');
  const out = src.replace(re, (m, variants, neg, util, value) => {
    if (util === 'text-left') return `${variants}text-start`;
    if (util === 'text-right') return `${variants}text-end`;
    if ((util === 'left' || util === 'right' || /^[mp][lr]$/.test(util)) && value === undefined) return m;
    // centring (left-1/2 with a -translate-x-1/2) stays physical
    if ((util === 'left' || util === 'right') && value === '1/2') return m;
    const nu = map[util];
    if (!nu) return m;
    return `${variants}${neg}${nu}${value !== undefined ? '-' + value : ''}`;
  });
  if (out !== src) {
    fs.writeFileSync(p, out);
    changed++;
    console.log(p);
  }
}
walk('src/web');
console.log(changed);
