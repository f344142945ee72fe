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
 * Another user's small GET, made every `everyMs` while `attack` runs: a server that holds answers
 * each of them. How fast it answers depends on the machine; bench/attack-latency.ts measures it.
 */
export async function bystanderDuring(
  probe: () => Promise<{ status: number }>,
  attack: () => Promise<unknown>,
  everyMs = 50,
): Promise<{ answered: number; failed: number }> {
  const seen = { answered: 0, failed: 0 }
  let done = false
  const prober = (async () => {
    while (!done) {
      if ((await probe()).status === 200) seen.answered++
      else seen.failed++
      await new Promise((r) => setTimeout(r, everyMs))
    }
  })()
  try {
    await attack()
  } finally {
    done = true
    await prober
  }
  return seen
}
