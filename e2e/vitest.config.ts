import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser journeys against the real server, each file with its own server and browser. Two files
// at a time: a journey spends most of its time waiting (for the browser, a render, a poll), and
// one file at a time kept the second core idle (measured: 187 s of CPU in 334 s).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/build.ts', './support/database-template.ts'],
    testTimeout: 10 * 60 * 1000,
    hookTimeout: 3 * 60 * 1000,
    maxWorkers: 2,
    // A journey waits for what the app does (a save after an edit, a poll): on a busy machine
    // that took longer than expect.poll's default second.
    expect: { poll: { timeout: 15_000 } },
  },
})
