import path from 'node:path'

/** How a render run shows it is alive, and where it works, for the supervisor to check. */

/**
 * A rendering worker writes its task's heartbeat, with its progress, this often (fresh enough for
 * the page's 2 s poll)...
 */
export const HEARTBEAT_EVERY_MS = 1000
/** ...and is presumed dead when it has not for this long. */
export const HEARTBEAT_STALE_MS = 20_000

/** A run renders in its own folder, named so the supervisor's sweep knows whose it is. */
export function workDir(dataDir: string, taskId: string, runId: string) {
  return path.join(dataDir, 'tmp', `render-${taskId}-${runId}`)
}
