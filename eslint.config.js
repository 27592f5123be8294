// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// The web feature graph (decisions 013 and 032), checked on resolved files. Resource features own
// a resource (its endpoints, query keys and UI) and import no feature; screen features compose
// resource features into a screen and import none of each other. Every folder of
// apps/web/src/features must be in one list, so a new feature is classified before it lints.
const RESOURCE_FEATURES = ['auth', 'clients', 'devices', 'records', 'shipments', 'tour', 'vehicles'];
const SCREEN_FEATURES = ['campaigns', 'installation', 'overview', 'reports', 'support', 'workspace'];
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unclassified = WEB_FEATURES.filter(
  (f) => !RESOURCE_FEATURES.includes(f) && !SCREEN_FEATURES.includes(f),
);
if (unclassified.length > 0) {
  throw new Error(
    `eslint.config.js: classify apps/web/src/features/${unclassified.join(', ')} as a resource or a screen feature.`,
  );
}
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const feature = (name) => `${WEB}/features/${name}`;

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const ZONES = [
  // The web app and the contracts talk to the server over HTTP only.
  {
    target: ['apps/web', 'packages/contracts'],
    from: 'apps/server',
    message: 'The web app talks to the server over HTTP only.',
  },
  { target: 'packages/contracts', from: 'apps', message: 'The contracts import nothing from the apps.' },
  // app/ is the composition root: nothing below it imports it.
  {
    // Tests may render a screen in its route (they test the composition).
    target: [`${WEB}/features/**/!(*.test).{ts,tsx}`, `${WEB}/lib`, `${WEB}/components`, `${WEB}/config`],
    from: `${WEB}/app`,
    message: 'app/ is the composition root: features and shared code never import it.',
  },
  // Shared code sits below the features.
  {
    target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/config`],
    from: `${WEB}/features`,
    message: 'lib/, components/ and config/ are shared code: they never import a feature.',
  },
  // A resource feature imports no other feature.
  ...RESOURCE_FEATURES.map((name) => ({
    target: feature(name),
    from: WEB_FEATURES.filter((f) => f !== name).map(feature),
    message: `${name} is a resource feature: it imports no other feature (compose at the route instead).`,
  })),
  // A screen feature imports resource features through their index.ts, and no other screen.
  ...SCREEN_FEATURES.flatMap((name) => [
    {
      target: feature(name),
      from: SCREEN_FEATURES.filter((f) => f !== name).map(feature),
      message: `${name} is a screen feature: it imports no other screen feature.`,
    },
    ...RESOURCE_FEATURES.map((resource) => ({
      target: feature(name),
      from: feature(resource),
      except: ['./index.ts'],
      message: `Import the ${resource} feature only through its public index: features/${resource}/index.ts.`,
    })),
  ]),
  // Server (decision 012): lib/ and plugins/ sit below the modules.
  {
    target: [`${SERVER}/lib`, `${SERVER}/plugins`, `${SERVER}/providers`, `${SERVER}/db`],
    from: `${SERVER}/modules`,
    message:
      'lib/, plugins/, providers/ and db/ sit below modules: declare what they need in lib/ or inject it.',
  },
  // Test and demo tools (the Traccar stand-in) sit beside the server: they may import src/, and
  // nothing in src/ imports them, so the product and its bundle never carry them.
  {
    target: SERVER,
    from: 'apps/server/tools',
    message: "tools/ holds test and demo tools: nothing in the server's src/ imports them.",
  },
  // Only repositories (and db/, tests, the plugins' own tables) reach the schema and the SQL helper.
  {
    target: `${SERVER}/modules/**/!(*.repository|*.test|*.pg-test).ts`,
    from: [`${SERVER}/db/schema`, `${SERVER}/db/query.ts`],
    message: 'A module reaches the database only through its repositories (*.repository.ts).',
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
      // Files that must fail lint, linted one by one by scripts/lint-probes.test.ts.
      'scripts/lint-probes/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
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
    // Boundaries on resolved files (decisions 012, 013 and 032): an import is checked for the
    // file it reaches, however it is spelled, and no module graph may loop.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: ZONES }],
      // Lazy import() counts: a loop kept from running only by laziness is still a loop. No
      // maxDepth: the rule's cost (about 3 s of ESLint's 45 s, issue 33) is reading each module
      // once, not how deep it follows; maxDepth 1 saves under a second and lets longer loops by.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Routes parse and call; services hold rules. Neither writes SQL (decision 012).
    files: [`${SERVER}/modules/**/*.routes.ts`, `${SERVER}/modules/**/*.service.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives in the repositories.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='execute']",
          message: 'SQL lives in the repositories: routes and services never call execute().',
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
