// One flat config for the whole repository (STYLE.md, "Checked in CI from day one").
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'

const processEnvBan = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through config/env.ts (the only reader of process.env).',
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'lighthouse-reports/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    // Size limits (decision 187): every source file, tests included, stays under 300
    // lines; every function under 80. Test files are exempt from the function limit:
    // a describe() callback holds its whole suite.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'e2e/**', '**/*.robustness.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Data, not code: the demo catalogue and its artwork, and the generated localities list.
    files: [
      'apps/server/src/db/seed/catalogue-data.ts',
      'apps/server/src/db/seed/artwork.ts',
      'packages/contracts/src/orders/localities.data.ts',
    ],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-syntax': ['error', processEnvBan] },
  },
  {
    // Where the environment is legitimately read: the config module, the test
    // harness choosing its database, tooling entry points and benchmarks.
    files: [
      'apps/server/src/config/env.ts',
      'apps/server/src/server.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*-cli.ts',
      'apps/server/bench/**',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.engines.ts',
      'apps/server/vitest.robustness.config.ts',
      'apps/server/src/test/robustness/**',
    ],
    rules: { 'no-restricted-syntax': 'off', 'no-console': 'off' },
  },
  {
    // Tests read their own knobs (TEST_DATABASE_URL) and poke at untyped JSON documents.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': ['error', processEnvBan],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: [
      'e2e/**',
      'scripts/**',
      'apps/*/scripts/**',
      '*.config.{js,ts,cjs}',
      '.*.cjs',
      'apps/*/*.config.ts',
    ],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off', 'no-restricted-syntax': 'off' },
  },
)
