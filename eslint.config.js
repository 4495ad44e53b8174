import js from '@eslint/js';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// SQL lives in query modules only (ARCHITECTURE.md): anywhere else the ORM and the table objects
// may be named in types, never used to build a statement.
const noSqlOutsideQueries = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    allowTypeImports: true,
    message:
      'SQL lives in query modules (*queries.ts, queries/*.ts, src/server/db/): add a function there and call it.',
  },
  {
    group: ['**/db/schema', '**/db/schema/*'],
    allowTypeImports: true,
    message:
      'Table objects build SQL: use them in a query module (*queries.ts, queries/*.ts, src/server/db/); ' +
      'import row types with `import type`.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'drizzle/**',
      'screenshots/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Messages a person reads (docs/development.md "Languages"): each with an explicit, stable id
    // and its English text as the defaultMessage, extracted by `npm run i18n:extract`.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-id': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*queries.ts', '**/queries/*.ts', 'src/server/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: noSqlOutsideQueries }],
    },
  },
  {
    // The browser infers its wire types from the shared zod schemas; importing a schema's
    // value would ship zod (~50 KB gzipped) to every page.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noSqlOutsideQueries,
            {
              group: ['@shared/api/*', '@shared/admin-api'],
              allowTypeImports: true,
              message: 'Import wire types with `import type`: the schemas themselves stay on the server.',
            },
          ],
        },
      ],
    },
  },
);
