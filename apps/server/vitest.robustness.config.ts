import { defineConfig } from 'vitest/config'
import { engineProjects } from './vitest.engines.js'

// `npm run test:robustness`: the malformed-request corpus (issue 15), on PGlite and, when
// TEST_DATABASE_URL names a server, on PostgreSQL too. Kept out of `vitest run` so the
// unit suite stays quick; CI runs it as a step of its own.
export default defineConfig({
  resolve: { conditions: ['@tavlin/source'] },
  ssr: { resolve: { conditions: ['@tavlin/source'] } },
  test: {
    // One file per engine: two workers run PGlite's beside PostgreSQL's, whose time is
    // partly the database server's, instead of one after the other (issue 40).
    maxWorkers: 2,
    projects: engineProjects({
      testTimeout: 600_000,
      hookTimeout: 120_000,
      include: ['src/**/*.robustness.ts'],
    }),
  },
})
