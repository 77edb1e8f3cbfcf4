/** Import rules of STYLE.md ("Imports flow one way"), checked in CI by `npm run lint`. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'contracts-depend-on-zod-only',
      comment: 'packages/contracts is shared by both sides: it may import zod and itself, nothing else.',
      severity: 'error',
      from: { path: '^packages/contracts/src' },
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
      name: 'routes-never-touch-db',
      comment: 'Route handlers call a service; only repositories use Drizzle.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/.+\\.routes\\.ts$' },
      to: { path: ['^apps/server/src/db/', '^node_modules/drizzle-orm/'] },
    },
    {
      name: 'services-never-import-fastify',
      severity: 'error',
      from: { path: '^apps/server/src/modules/.+\\.service\\.ts$' },
      to: { path: ['^node_modules/fastify', '^node_modules/@fastify/'] },
    },
    {
      name: 'no-cross-module-internals',
      comment: "A module uses another module's service (or its index), never its repository or tables.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+\\.(repository|mapper)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
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
    exclude: {
      path: ['dist/', 'dist-ssr/', 'node_modules/', '\\.test\\.tsx?$', 'src/test/', 'src/testing/'],
    },
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
