type EngineTestOptions = { testTimeout: number; hookTimeout: number; include: string[] }

/**
 * Vitest projects that run the same files on embedded PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL names a server (each test file creates and drops its own database).
 */
export function engineProjects(options: EngineTestOptions) {
  return [
    {
      extends: true as const,
      test: {
        ...options,
        name: 'pglite',
        env: { TEST_DB_ENGINE: 'pglite' },
        globalSetup: ['./src/test/migrated-pglite.global.ts'],
      },
    },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            extends: true as const,
            test: { ...options, name: 'postgres', env: { TEST_DB_ENGINE: 'postgres' } },
          },
        ]
      : []),
  ]
}
