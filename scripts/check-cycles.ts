/**
 * Fails when any module imports itself through a chain of imports, type-only imports included
 * (ESLint's import cycle rules skip `import type`, and a type cycle still hides a layering
 * mistake). Runs in `npm run check`.
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['tsconfig.shared.json', 'tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.tests.json'];
const parsed = PROJECTS.map((name) => {
  const configFile = ts.readConfigFile(path.join(root, name), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
});
const options = parsed[3].options;
const files = [...new Set(parsed.flatMap((p) => p.fileNames))].filter(
  (f) => /\.(ts|tsx)$/.test(f) && !f.includes('node_modules'),
);
const host = ts.createCompilerHost(options);

const graph = new Map<string, string[]>();
for (const file of files) {
  const info = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
  const deps: string[] = [];
  for (const ref of info.importedFiles) {
    const resolved = ts.resolveModuleName(ref.fileName, file, options, host).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts')) {
      deps.push(path.resolve(resolved.resolvedFileName));
    }
  }
  graph.set(path.resolve(file), deps);
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const indices = new Map<string, number>();
const lowlink = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];

function visit(v: string) {
  indices.set(v, index);
  lowlink.set(v, index);
  index += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!indices.has(w)) {
      visit(w);
      lowlink.set(v, Math.min(lowlink.get(v)!, lowlink.get(w)!));
    } else if (onStack.has(w)) {
      lowlink.set(v, Math.min(lowlink.get(v)!, indices.get(w)!));
    }
  }
  if (lowlink.get(v) === indices.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfImport = (graph.get(v) ?? []).includes(v);
    if (component.length > 1 || selfImport) cycles.push(component);
  }
}

for (const v of graph.keys()) if (!indices.has(v)) visit(v);

if (cycles.length) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const c of cycles) console.error(`- ${c.map((f) => path.relative(root, f)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);
