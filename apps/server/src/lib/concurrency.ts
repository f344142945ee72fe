/** Bounds on work: how much runs at once, and for how long. */
import { FairQueue } from './fair-queue'

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

/**
 * Runs at most `slots` tasks at a time, and one at a time per owner; a free slot goes to the
 * owner whose last turn is oldest (./fair-queue.ts), so one owner's pile of tasks never holds
 * another's back by more than the tasks already running. A caller whose signal aborts while it
 * waits leaves the queue at once.
 */
export function fairLimit(slots: number) {
  const queue = new FairQueue<() => void>(slots)

  function startNext() {
    for (let turn = queue.next(); turn; turn = queue.next()) turn.item()
  }

  function turn(owner: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    return new Promise((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave)
        resolve()
      }
      const leave = () => {
        if (queue.remove(owner, go)) reject(signal!.reason)
      }
      queue.push(owner, go)
      signal?.addEventListener('abort', leave, { once: true })
      startNext()
    })
  }

  return async function run<T>(
    owner: string,
    task: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    await turn(owner, signal)
    try {
      return await task()
    } finally {
      queue.done(owner)
      startNext()
    }
  }
}

/** A signal that aborts with the caller's, or after `ms` in any case. */
export function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}
