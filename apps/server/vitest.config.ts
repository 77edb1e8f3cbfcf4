import { defineConfig } from 'vitest/config'
import { engineProjects } from './vitest.engines.js'

// Every server test runs on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (each test file creates and drops its own database).
export default defineConfig({
  resolve: { conditions: ['@tavlin/source'] },
  ssr: { resolve: { conditions: ['@tavlin/source'] } },
  test: {
    projects: engineProjects({
      // Creating a PGlite database takes seconds, and many more on a loaded 2-core machine (TOOLCHAIN G16).
      testTimeout: 90_000,
      hookTimeout: 120_000,
      include: ['src/**/*.test.ts'],
    }),
  },
})
