import { defineConfig } from 'vitest/config'

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
