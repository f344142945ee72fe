import type { Db } from '../../db/client'
import { loadTask, type TaskRow } from '../../services/render-tasks'
import { MediaMissing, MusicUnusable } from '../task-media'

/** Why a run stops before its end without having failed. */
export class RunStopped extends Error {
  constructor(readonly reason: 'deleted' | 'taken-over') {
    super(reason)
  }
}

/** Why a run no longer owns its task: deleted by its owner, or taken over by another run. */
export async function whyStopped(db: Db, taskId: string): Promise<RunStopped> {
  const current = await loadTask(db, taskId)
  return new RunStopped(current?.state === 'DELETED' ? 'deleted' : 'taken-over')
}

/** Which attempt of its job a run is, as pg-boss counts them. */
export interface Attempt {
  retryCount: number
  retryLimit: number
}

/**
 * How a run that threw ends its task:
 * - deleted: the owner deleted the task, whose files go;
 * - taken-over: the run no longer owns the task (another run does, or it has ended): nothing;
 * - time-limit, media-missing, music-unusable, failed: the task ends CANCELLED for that reason;
 * - handed-back (this process shuts down), will-retry: the task waits for the queue's retry.
 */
export type RunOutcome =
  | 'deleted'
  | 'taken-over'
  | 'time-limit'
  | 'media-missing'
  | 'music-unusable'
  | 'failed'
  | 'handed-back'
  | 'will-retry'

/**
 * The outcome of a run that threw `err`, from the task as it is now. A run past its time limit,
 * missing its media or with music it cannot play, ends at once: no retry would do better. Any other error is retried while
 * its job has retries left.
 */
export function runOutcome(
  err: unknown,
  run: { runId: string; timedOut: boolean; shuttingDown: boolean; attempt: Attempt },
  current: Pick<TaskRow, 'state' | 'runId'> | null,
): RunOutcome {
  if ((err instanceof RunStopped && err.reason === 'deleted') || current?.state === 'DELETED') {
    return 'deleted'
  }
  if (current?.runId !== run.runId) return 'taken-over'
  if (run.timedOut) return 'time-limit'
  if (err instanceof RunStopped) return 'taken-over'
  if (run.shuttingDown) return 'handed-back'
  if (err instanceof MediaMissing) return 'media-missing'
  if (err instanceof MusicUnusable) return 'music-unusable'
  return run.attempt.retryCount >= run.attempt.retryLimit ? 'failed' : 'will-retry'
}
