import os from 'node:os'
import { defineConfig } from 'vitest/config'
import { engineProjects } from './vitest.engines.js'

// Every server test runs on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (each test file creates and drops its own database).
export default defineConfig({
  resolve: { conditions: ['@tavlin/source'] },
  ssr: { resolve: { conditions: ['@tavlin/source'] } },
  test: {
    // Vitest's default (cores − 1) is one worker on our 2-core machines, but a server test
    // spends most of its time waiting on PostgreSQL, child processes and timers: two
    // workers halve the suite (678 s → 359 s on both engines, measured 2026-11-25).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker runs its files one after another in one module graph instead of loading the
    // whole server again for each (decision 295): the imports were a third of the suite. The
    // tests build their own apps and databases; what a module keeps is frozen or per app.
    isolate: false,
    projects: engineProjects({
      // Creating a PGlite database takes seconds, and many more on a loaded 2-core machine (TOOLCHAIN G16).
      testTimeout: 90_000,
      hookTimeout: 120_000,
      include: ['src/**/*.test.ts'],
    }),
  },
})
