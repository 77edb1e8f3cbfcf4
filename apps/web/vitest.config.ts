import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      // The first test of a file pays for transforming the lazily imported pages.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
    },
  }),
)
