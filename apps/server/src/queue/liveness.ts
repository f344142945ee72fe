import { randomUUID } from 'node:crypto'
import path from 'node:path'

/** How a render run shows it is alive, and where it works, for the supervisor to check. */

/**
 * A rendering worker writes its task's heartbeat, with its progress, this often (fresh enough for
 * the page's 2 s poll)...
 */
export const HEARTBEAT_EVERY_MS = 1000
/** ...and is presumed dead when it has not for this long. */
export const HEARTBEAT_STALE_MS = 20_000

/**
 * A run renders in its own folder, and a range of a split render (decision 016) in one of its
 * own, named so the supervisor's sweep knows whose it is (workOf).
 */
export function workDir(dataDir: string, taskId: string, runId: string) {
  return path.join(dataDir, 'tmp', `render-${taskId}-${runId}`)
}

export function rangeWorkDir(dataDir: string, taskId: string) {
  return path.join(dataDir, 'tmp', `range-${taskId}-${randomUUID()}`)
}

const WORK_DIR_NAME = /^(render|range)-([0-9a-f-]{36})-([0-9a-f-]{36})$/

/** Whose work a folder under tmp/ holds: null for any other folder. */
export function workOf(name: string): { range: boolean; taskId: string; runId: string } | null {
  const m = WORK_DIR_NAME.exec(name)
  return m ? { range: m[1] === 'range', taskId: m[2]!, runId: m[3]! } : null
}
