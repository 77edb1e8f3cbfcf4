import { defineConfig } from 'vitest/config'

const shared = {
  // Creating a PGlite database takes seconds, and many more on a loaded 2-core machine (TOOLCHAIN G16).
  testTimeout: 90_000,
  hookTimeout: 120_000,
  include: ['src/**/*.test.ts'],
}

// Every server test runs on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (each test file creates and drops its own database).
export default defineConfig({
  resolve: { conditions: ['@tavlin/source'] },
  ssr: { resolve: { conditions: ['@tavlin/source'] } },
  test: {
    projects: [
      { extends: true as const, test: { ...shared, name: 'pglite', env: { TEST_DB_ENGINE: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { ...shared, name: 'postgres', env: { TEST_DB_ENGINE: 'postgres' } },
            },
          ]
        : []),
    ],
  },
})
