import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser journeys against the real server: slow (a real render), one file at a time.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/build.ts', './support/database-template.ts'],
    testTimeout: 10 * 60 * 1000,
    hookTimeout: 3 * 60 * 1000,
    fileParallelism: false,
  },
})
