// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// Web import boundaries (decision 013). Every folder of apps/web/src/features is a feature; a
// feature is imported from elsewhere only through its public index.ts.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_BOUNDARIES = [
  {
    group: ['**/apps/server/**', '@toolkit/server*'],
    message: 'The web app talks to the server over HTTP only.',
  },
  {
    // From inside a feature, another feature is `../(../)<name>/...`: only its index.ts may follow.
    regex: `^(?:\\.\\./)+(?:${WEB_FEATURES.join('|')})/(?!index\\.ts$).+`,
    message: 'Import another feature only through its public index: ../../<feature>/index.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'bench/.tmp/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.cjs',
      'e2e/.data/**',
      'apps/web/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify route handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // Raw SQL rows are converted with Number() on purpose: the two database drivers differ.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: WEB_BOUNDARIES }],
    },
  },
  {
    // Shared code sits below the features: it never imports one.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_BOUNDARIES,
            {
              regex: '(?:^|/)features(?:/|$)',
              message: 'lib/ and components/ are shared code: they never import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**'] }],
    },
  },
  // Server boundaries (decision 012): imports run downwards only. lib/ and plugins/ never import
  // modules; routes and services never import the database schema (a module's SQL lives in its
  // repository). Modules sit two levels below src/, so their schema imports start with ../../db.
  {
    files: [
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/modules/**/*.routes.ts',
      'apps/server/src/modules/**/*.service.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/ and plugins/ sit below modules: declare what they need in lib/ or inject it.',
            },
            {
              group: ['../../db/schema/**', '../../../db/schema/**'],
              message: "Routes and services reach the database only through their module's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // House rule: no source file over 300 lines, blank lines and comments included (issue 10).
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
);
