import os from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default defineConfig(async () =>
  mergeConfig(
    await viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/testing/setup.ts'],
        // The first test of a file pays for transforming the lazily imported pages.
        testTimeout: 30_000,
        include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
        css: false,
        // Vitest's default (cores − 1) is one worker on our 2-core machines; two took the suite
        // from 210 s to 123 s on a quiet one (2026-11-27).
        maxWorkers: Math.max(2, os.availableParallelism() - 1),
        // A worker runs several files one after another: a fetch stubbed or spied on by
        // one file must not answer the next file's requests.
        unstubGlobals: true,
        restoreMocks: true,
        // Whole-page tests on CI's 2 shared cores occasionally miss a wait; a second run tells
        // a slow machine from a broken page.
        retry: process.env.CI ? 2 : 0,
      },
    }),
  ),
)
