import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { Worker } from 'node:worker_threads'

/** Niceness of drawing threads: below the event loop's 0. */
const DRAWING_NICENESS = 10

/**
 * Starts a worker thread on a TypeScript module. Threads load TypeScript sources, as the rest of
 * the app does through tsx; Node 20 does not pass the main thread's loader to workers, so the
 * thread registers it itself.
 */
export function startTsThread(entry: URL, workerData?: unknown): Worker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}) })`
  return new Worker(code, { eval: true, workerData })
}

/**
 * Lowers the calling thread's CPU priority, so that on a busy machine the server's event loop
 * gets the cores before drawing does; the decoders and encoders the thread starts inherit it.
 * Linux keeps a niceness per thread (its id from /proc/thread-self); elsewhere this does nothing.
 */
export function lowerThreadPriority(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), DRAWING_NICENESS)
  } catch {
    // Not Linux: the thread keeps the process's priority.
  }
}
