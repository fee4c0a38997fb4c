import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries: shared and machines stand alone; web and server meet only through them. */
const packagePatterns = (groups) =>
  groups.map((group) => ({
    group: [`@draw/${group}`, `@draw/${group}/*`, `**/${group}/src/*`, `**/${group}/src`],
    message: `This package must not import ${group}/ (see docs/ARCHITECTURE.md, "Import boundaries").`,
  }));
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: packagePatterns(groups) }],
});

/**
 * Test support (fakes, harnesses, fixtures: server/test/, scripts/testing/, web/src/test/, the
 * machines' fixtures) is for tests only: production code importing it would ship it.
 */
const testSupport = {
  group: [
    '**/test/*',
    '**/test',
    '**/testing/*',
    '**/testing',
    '**/fixtures',
    '**/fixtures/*',
    '**/fakes',
    '**/fakes/*',
    '**/fake-*',
    '**/fakeSocket',
    '@draw/*/fixtures',
    '@draw/*/*/fixtures',
    'vitest',
    'vitest/*',
  ],
  message:
    'Production code must not import test support (fakes, harnesses, fixtures, vitest): it lives under a test folder.',
};
const forbidInProduction = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: [...packagePatterns(groups), testSupport] }],
});
/** What is not production inside a production folder: tests and the web's own test setup. */
const testFiles = ['**/*.test.{ts,tsx}', 'web/src/test/**'];

const noEnums = {
  selector: 'TSEnumDeclaration',
  message: 'Use an `as const` object with a derived union type instead of a TS enum.',
};
/**
 * A route reads `request.body`, `.params` and `.query` as the route table types them
 * (`shared/src/routes`, `serve()` in server/src/http/routes.ts): a cast would hide a table that
 * says something else.
 */
const requestPart =
  'MemberExpression[object.name=/^(request|req|r)$/][property.name=/^(body|params|query)$/]';
const noRequestCasts = {
  selector: [
    ':matches(TSAsExpression, TSTypeAssertion) >',
    ':matches(TSAsExpression, TSTypeAssertion) > LogicalExpression >',
  ]
    .map((parent) => `${parent} ${requestPart}`)
    .join(', '),
  message:
    'Do not cast a request part: declare the route in shared/src/routes and register it with serve(), which types body, params and query.',
};

/**
 * Production code reads and writes stored documents through a repository's named queries
 * (server/src/features/queries.ts): only repository files and the storage itself take a raw
 * collection. Tests, benches and the ops CLI seed through `storage.collection(Def)`.
 */
const noRawCollections = {
  selector: "CallExpression[callee.property.name='collection']",
  message:
    'Ask a repository (a named query in its repository.ts), not the raw collection: only repositories and the storage take `storage.collection(Def)`.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'web/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', noEnums],
    },
  },
  { files: ['shared/**/*.ts'], rules: forbid('server', 'web', 'machines', 'scripts') },
  { files: ['machines/**/*.ts'], rules: forbid('server', 'web', 'scripts') },
  { files: ['server/**/*.ts'], rules: forbid('web') },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', noEnums, noRequestCasts] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/repository.ts',
      'server/src/storage/**',
      // The MongoDB driver's own collection of the cross-process channel, not a stored document's.
      'server/src/realtime/cluster.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', noEnums, noRequestCasts, noRawCollections] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid('server', 'scripts') },
  },
  {
    // The browser takes the route table as types: its TypeBox schemas would cost every first load
    // about 30 KB. Calls go through lib/api.ts's map of paths; only the development-time answer
    // check (loaded on demand) reads the schemas.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/lib/answerCheck.ts', 'web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@draw/shared/routes',
              allowTypeImports: true,
              message: 'Import `api` from lib/api.ts; take the route table as types only (import type).',
            },
          ],
        },
      ],
    },
  },
  { files: ['web/e2e/**/*.ts'], rules: forbid('server') },
  // Production sources (not their tests) may not reach test support.
  {
    files: ['shared/src/**/*.ts'],
    ignores: testFiles,
    rules: forbidInProduction('server', 'web', 'machines', 'scripts'),
  },
  {
    files: ['machines/src/**/*.ts'],
    ignores: [...testFiles, '**/fixtures.ts'],
    rules: forbidInProduction('server', 'web', 'scripts'),
  },
  { files: ['server/src/**/*.ts'], ignores: testFiles, rules: forbidInProduction('web') },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [...testFiles, '**/fixtures.ts'],
    rules: forbidInProduction('server', 'scripts'),
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/e2e/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
