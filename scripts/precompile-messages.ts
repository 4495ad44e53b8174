import ts from 'typescript';
import { parse } from '@formatjs/icu-messageformat-parser';
import { transform } from '@formatjs/ts-transformer';
import type { Plugin } from 'vite';

/**
 * Issue 39: ICU messages parsed at build time, not in the browser. Every `defaultMessage` in the
 * web app's code (FormattedMessage, formatMessage, defineMessage(s)) becomes its AST through
 * formatjs's own TypeScript transformer, and every catalogue under src/web/locales/ becomes a
 * catalogue of ASTs, so the production bundle ships react-intl without the ICU parser (~9 KB
 * gzipped of the landing page's JavaScript). A message still given as a string at runtime is
 * parsed by the parser loaded on demand (i18n-provider.tsx), so nothing breaks, it only waits.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'hub-precompile-messages',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (/\/src\/web\/locales\/[^/]+\.json$/.test(path)) {
        const catalogue = JSON.parse(code) as Record<string, string>;
        return {
          code: JSON.stringify(Object.fromEntries(Object.entries(catalogue).map(([k, v]) => [k, parse(v)]))),
          map: null,
        };
      }
      if (!/\/src\/web\/.+\.tsx?$/.test(path) || !code.includes('defaultMessage')) return null;
      const out = ts.transpileModule(code, {
        fileName: path,
        compilerOptions: {
          target: ts.ScriptTarget.ESNext,
          module: ts.ModuleKind.ESNext,
          jsx: ts.JsxEmit.Preserve,
          verbatimModuleSyntax: false,
          isolatedModules: true,
        },
        transformers: { before: [transform({ ast: true, preserveWhitespace: true })] },
      });
      return { code: out.outputText, map: null };
    },
  };
}
