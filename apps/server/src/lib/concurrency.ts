/** Bounds on work: how much runs at once, and for how long. */

/**
 * Runs at most `max` tasks at a time; the others wait their turn in order. A caller whose signal
 * aborts while it waits leaves the queue at once.
 */
export function concurrencyLimit(max: number) {
  let running = 0
  const waiting: (() => void)[] = []

  function turn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    if (running < max) {
      running++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave)
        running++
        resolve()
      }
      const leave = () => {
        waiting.splice(waiting.indexOf(go), 1)
        reject(signal!.reason)
      }
      waiting.push(go)
      signal?.addEventListener('abort', leave, { once: true })
    })
  }

  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await turn(signal)
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** A signal that aborts with the caller's, or after `ms` in any case. */
export function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}
