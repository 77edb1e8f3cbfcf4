/**
 * Import rules of STYLE.md ("Imports flow one way"), checked in CI by `npm run lint`.
 *
 * Server rules key on a file's FOLDER and ROLE, never on a spelling a file can avoid
 * (decision 186): a file that uses Drizzle is a repository, so it must be named one;
 * a module is entered from outside only through its `index.ts`; nothing in `src`
 * reaches the app except the process (`server.ts`) and tests.
 */
const SERVER = '^apps/server/src/'
const MODULES = '^apps/server/src/modules/'
const MODULE_ENTRY = '^apps/server/src/modules/[^/]+/index\\.ts$'
const REPOSITORY = '\\.repository\\.ts$'
const DATABASE = ['^apps/server/src/db/', '^node_modules/drizzle-orm/']
/** What the build leaves out (tsconfig.build.json): tests and the test harness folder. */
const SERVER_TEST_CODE = ['\\.test\\.ts$', '^apps/server/src/test/']
const WEB_TEST_CODE = ['\\.test\\.tsx?$', '^apps/web/src/testing/']
const FASTIFY = ['^node_modules/fastify/', '^node_modules/@fastify/', '^node_modules/fastify-']

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'contracts-depend-on-zod-only',
      comment: 'packages/contracts is shared by both sides: it may import zod and itself, nothing else.',
      severity: 'error',
      from: { path: '^packages/contracts/src', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypesNot: ['local'], pathNot: ['^node_modules/zod/', '^packages/contracts/'] },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'only-repositories-touch-the-database',
      comment:
        'Drizzle and db/ belong to repositories (*.repository.ts). Routes, services, plugins, lib and config ' +
        'reach data through a repository; a service never imports db/, not even its types. Whatever file ' +
        'imports Drizzle is by that a repository and must be named so.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(modules|plugins|lib|config)/',
        pathNot: [REPOSITORY, MODULE_ENTRY, '-cli\\.ts$', ...SERVER_TEST_CODE],
      },
      // The unit of work is how a transaction crosses modules (decision 181), and the
      // handle's type may be named (next rule): neither queries anything.
      to: { path: DATABASE, pathNot: '^apps/server/src/db/(unit-of-work|client)\\.ts$' },
    },
    {
      name: 'database-handle-by-type-only',
      comment: 'Outside repositories db/client.ts may be named as a type, never used to open or query.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(modules|plugins|lib|config)/',
        pathNot: [REPOSITORY, MODULE_ENTRY, '-cli\\.ts$', ...SERVER_TEST_CODE],
      },
      to: { path: '^apps/server/src/db/client\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-entry-only-wires',
      comment:
        "A module's index.ts builds its repositories from the database handle it is given: it may name " +
        'the handle type (db/client.ts, type-only), never query.',
      severity: 'error',
      from: { path: MODULE_ENTRY },
      to: { path: DATABASE, pathNot: '^apps/server/src/db/client\\.ts$' },
    },
    {
      name: 'module-entry-names-the-handle-only',
      severity: 'error',
      from: { path: MODULE_ENTRY },
      to: { path: '^apps/server/src/db/client\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'cli-opens-the-database-only',
      comment:
        'A command-line entry point opens the database and hands it to services; it does not query. ' +
        'It may ask a running shop through its control socket instead (which queries nothing itself).',
      severity: 'error',
      from: { path: '-cli\\.ts$', pathNot: '^apps/server/src/db/' },
      to: { path: DATABASE, pathNot: '^apps/server/src/db/(bootstrap|client|backup/control-socket)\\.ts$' },
    },
    {
      name: 'repositories-serve-services',
      comment:
        'Routes and other non-service files call a service; only services (and the wiring) hold a repository.',
      severity: 'error',
      from: {
        path: MODULES,
        pathNot: ['\\.(service|repository)\\.ts$', MODULE_ENTRY, ...SERVER_TEST_CODE],
      },
      // A mapper may name a repository's row type; only a value import hands it the queries.
      to: { path: REPOSITORY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-never-import-fastify',
      comment: 'Services and repositories know nothing of HTTP (type imports included).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/.+\\.(service|repository)\\.ts$' },
      to: { path: FASTIFY },
    },
    {
      name: 'modules-meet-through-their-entry',
      comment:
        "Another module's files are reached only through its index.ts, which exports what it offers " +
        '(its service, its types, its ports). Only the composition root (app.ts, server.ts, CLIs) and tests wire internals.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: SERVER_TEST_CODE },
      to: { path: MODULES, pathNot: ['^apps/server/src/modules/$1/', MODULE_ENTRY] },
    },
    {
      name: 'lower-layers-never-import-modules',
      comment: 'lib, config, db and plugins sit below the modules and never reach up into them.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(lib|config|db|plugins)/',
        pathNot: ['-cli\\.ts$', ...SERVER_TEST_CODE],
      },
      to: { path: [MODULES, '^apps/server/src/(app|server)\\.ts$'] },
    },
    {
      name: 'nothing-in-src-imports-the-app',
      comment:
        "app.ts is imported by the process (server.ts, loaded by the bundle's server-entry.ts) and by tests only; test helpers live in src/test/.",
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [
          '^apps/server/src/server\\.ts$',
          '^apps/server/src/server-entry\\.ts$',
          ...SERVER_TEST_CODE,
        ],
      },
      to: { path: ['^apps/server/src/app\\.ts$', '^apps/server/src/server\\.ts$'] },
    },
    {
      name: 'server-test-code-stays-out-of-the-build',
      comment:
        'Test helpers live where the build excludes them (src/test/, *.test.ts); shipped code never imports them or a test runner.',
      severity: 'error',
      from: { path: SERVER, pathNot: SERVER_TEST_CODE },
      to: {
        path: [
          ...SERVER_TEST_CODE,
          '^node_modules/vitest/',
          '^node_modules/@vitest/',
          '^node_modules/fast-check/',
        ],
      },
    },
    {
      name: 'web-test-code-stays-out-of-the-bundle',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: WEB_TEST_CODE },
      to: { path: [...WEB_TEST_CODE, '^node_modules/vitest/', '^node_modules/@testing-library/'] },
    },
    {
      name: 'no-cross-feature-imports',
      comment: 'Features never import each other: shared pieces move down to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-layers-flow-down',
      comment: 'lib, api and components never reach up into features or app.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|api|components|stores|hooks|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'features-never-import-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests are cruised too (the rules above say what they may do); only build output is left out.
    exclude: { path: ['dist/', 'dist-ssr/', 'node_modules/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      conditionNames: ['@tavlin/source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
}
