import type { TestContext } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** How many hostile requests or attempts the test made. */
    tries?: number
  }
}

/** Records how many tries an attack made, for the table of `npm run test:hostile`. */
export function recordTries(ctx: TestContext, tries: number): void {
  ctx.task.meta.tries = tries
}

/** Whether the tests run on a PostgreSQL server (race tests need real concurrency). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/**
 * Latencies of a small GET another user makes every `everyMs` while `attack` runs: a server that
 * holds keeps answering them quickly.
 */
export async function latencyDuring(
  probe: () => Promise<unknown>,
  attack: () => Promise<unknown>,
  everyMs = 50,
): Promise<{ p99: number; max: number; samples: number }> {
  const times: number[] = []
  let done = false
  const prober = (async () => {
    while (!done) {
      const start = performance.now()
      await probe()
      times.push(performance.now() - start)
      await new Promise((r) => setTimeout(r, everyMs))
    }
  })()
  try {
    await attack()
  } finally {
    done = true
    await prober
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    max: sorted.at(-1) ?? 0,
    samples: sorted.length,
  }
}
