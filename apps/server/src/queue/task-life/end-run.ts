import type { FastifyBaseLogger } from 'fastify'
import type { CancelReason, Composition } from '@storyreel/core'
import { storageKeys, type Storage } from '../../adapters/storage/storage'
import type { Db } from '../../db/client'
import { awaitRetry, failTask, finishTask, loadTask } from '../../services/render-tasks'
import { runOutcome, RunStopped, whyStopped, type Attempt } from './run-outcome'

/** What ending a run needs; `shutdown` is aborted when this process shuts down. */
interface EndDeps {
  db: Db
  storage: Storage
  log: FastifyBaseLogger
  shutdown: AbortSignal
}

/** The run that ends: its task and run id. */
interface Run {
  taskId: string
  runId: string
}

/** What a run that rendered stores: its files, and its composition as rendered. */
interface RunResult {
  /** As rendered: narration may have stretched slides, and the task's answer shows the video. */
  rendered: Composition
  video: string
  thumbnail: string
  /** The WebVTT captions of a narrated video. */
  captions: string | null
  /** Drawn split across workers (decision 016): its segments go once the video is stored. */
  split: boolean
}

/**
 * Stores the video, its thumbnail and captions and marks the task FINISHED, only while this run
 * still owns the task; a split render's segments are removed after. Throws RunStopped when the
 * run no longer owns it, for endRun to settle.
 */
export async function finishRun(deps: EndDeps, run: Run, result: RunResult) {
  const { db, storage } = deps
  const { taskId, runId } = run
  const current = await loadTask(db, taskId)
  if (current?.state === 'DELETED') throw new RunStopped('deleted')
  if (current?.runId !== runId) throw new RunStopped('taken-over')
  await storage.putFile(storageKeys.thumbnail(taskId), result.thumbnail)
  if (result.captions) await storage.putFile(storageKeys.captions(taskId), result.captions)
  await storage.putFile(storageKeys.result(taskId), result.video)
  if (!(await finishTask(db, taskId, runId, result.rendered))) throw await whyStopped(db, taskId)
  if (result.split) await storage.deletePrefix(storageKeys.split(taskId))
}

/**
 * Ends the task of a run that threw `err`, as runOutcome decides. The user reads a fixed
 * sentence for each cancel reason (core's CANCEL_REASONS); the error itself goes to the log. A
 * task that waits for a retry has the error rethrown, so that the queue fails the job and hands
 * it to the next worker.
 */
export async function endRun(
  deps: EndDeps,
  run: Run & { attempt: Attempt; timedOut: boolean },
  err: unknown,
): Promise<void> {
  const { db, log } = deps
  const { taskId, runId } = run
  const current = await loadTask(db, taskId)
  switch (runOutcome(err, { ...run, shuttingDown: deps.shutdown.aborted }, current)) {
    case 'deleted':
      await deps.storage.deletePrefix(storageKeys.taskDir(taskId))
      return
    case 'taken-over':
      return
    case 'time-limit':
      log.warn({ taskId }, 'render stopped at its time limit')
      return endForGood(deps, run, 'time_limit')
    case 'media-missing':
      log.warn({ err, taskId }, 'render media missing')
      return endForGood(deps, run, 'media_missing')
    case 'music-unusable':
      log.warn({ err, taskId }, 'render music unusable')
      return endForGood(deps, run, 'music_unusable')
    case 'failed':
      log.error({ err, taskId }, 'render failed for good')
      return endForGood(deps, run, 'render_failed')
    case 'handed-back':
      log.info({ taskId }, 'render handed back at shutdown')
      await awaitRetry(db, taskId, runId)
      throw err
    case 'will-retry':
      log.warn({ err, taskId, attempt: run.attempt.retryCount }, 'render failed, will retry')
      await awaitRetry(db, taskId, runId)
      throw err
  }
}

/** Ends the task CANCELLED; a split render's segments are of no use to a task that ended. */
async function endForGood(deps: EndDeps, run: Run, reason: CancelReason) {
  await failTask(deps.db, run.taskId, run.runId, reason)
  await deps.storage.deletePrefix(storageKeys.split(run.taskId))
}
