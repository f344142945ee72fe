import { defineConfig } from 'vitest/config'

/**
 * The tests whose subject is the SQL itself: pg-boss's tables, the queue's jobs across a restart,
 * counters and quotas, sessions and sign-in codes, billing events, the plan command on the
 * embedded database. `npm test` runs the whole suite once on PostgreSQL and these again on
 * PGlite (SERVER_TESTS=database); without a PostgreSQL server, everything runs on PGlite.
 */
const DATABASE_TESTS = [
  'src/commands/plan.test.ts',
  'src/queue/pg-boss-tables.test.ts',
  'src/queue/render-lifecycle.test.ts',
  'src/routes/auth/auth.test.ts',
  'src/routes/composition/composition.test.ts',
  'src/routes/stripe/webhook.test.ts',
  'src/services/speech.test.ts',
  'src/services/video-limit.test.ts',
  'test/hostile/sign-in-abuse.test.ts',
  'test/hostile/storage-quota.test.ts',
]

export default defineConfig({
  test: {
    include:
      process.env.SERVER_TESTS === 'database'
        ? DATABASE_TESTS
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database. Four at a time: most files wait on their
    // server, workers and ffmpeg, and two at a time kept about one core busy (the PostgreSQL
    // pass on two cores: 206 s at two, 183 s at three, 155 s at four, the same CPU).
    maxWorkers: 4,
    // What the server does after answering (a temporary file removed) may take more than
    // expect.poll's default second on a busy machine.
    expect: { poll: { timeout: 15_000 } },
    // Files share a worker's loaded modules: each file imported the server afresh, about 2.4 s
    // of CPU a file, and without that the PostgreSQL pass took 334 s instead of 462 s. No test
    // keeps state in a module between files (timers faked are restored in the same file).
    isolate: false,
  },
})
