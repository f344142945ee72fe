import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share a worker's loaded modules: importing the engine again for every file took a
    // fifth of the run (114 s with, 90 s without, one after the other on one machine).
    isolate: false,
  },
})
