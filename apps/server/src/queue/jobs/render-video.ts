import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import {
  CompositionSchema,
  renderTimeLimitSeconds,
  type CancelReason,
  type Composition,
  type RenderedComposition,
  type RenderTimeLimit,
  type TaskSubtask,
} from '@storyreel/core'
import { renderComposition } from '@storyreel/render/server'
import { storageKeys } from '../../adapters/storage/storage'
import type { VoiceEngine } from '../../adapters/voice/voice'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import {
  hasNarration,
  narrateComposition,
  type Narration,
} from '../../services/narrate-composition'
import {
  attachJob,
  awaitRetry,
  beat,
  claimTask,
  failTask,
  finishTask,
  loadTask,
  showThumbnail,
  type TaskRow,
} from '../../services/render-tasks'
import { HEARTBEAT_EVERY_MS, HEARTBEAT_STALE_MS, workDir } from '../liveness'
import { whileDrawing } from '../render-load'
import { planSplit, renderSplit, type SplitConfig } from '../split-render'
import { fetchMedia, MediaMissing } from '../task-media'
import type { RangeDeps } from './render-range'

/** The render job's payload, checked when a worker takes the job. */
export const RenderVideoJobSchema = z.object({ taskId: z.uuid() })
export type RenderVideoJob = z.infer<typeof RenderVideoJobSchema>

/** Retries before a render is given up; a retry also follows a worker that died mid-render. */
export const RENDER_RETRY_LIMIT = 2

export const renderVideoQueue = {
  name: 'render',
  retryLimit: RENDER_RETRY_LIMIT,
  retryDelay: 1,
  // Each job sets its own expiry from its time limit (enqueueRenderVideo); this is the fallback.
  expireInSeconds: 60 * 60,
}

/**
 * pg-boss expires a job this long after the run's own time limit: setting up and storing the
 * result take a little more than the render, and by then our run has stopped by itself, so a job
 * pg-boss expires (and retries) is never one still rendering.
 */
const EXPIRY_MARGIN_SECONDS = 60
/** A task whose user has another render running waits this long before it tries again. */
const BUSY_RETRY_SECONDS = 5

export interface RenderDeps extends RangeDeps {
  /** Speaks the slides' narration. */
  voice: VoiceEngine
  /** When a long render is split across idle workers (decision 016). */
  split: SplitConfig
}

/** What a running job has besides its deps: the queue, and this process's shutdown. */
interface RunDeps extends RenderDeps {
  boss: PgBoss
  /** Aborted when this process shuts down: running renders stop and go back to the queue. */
  shutdown: AbortSignal
}

/** The renders' time limit as the environment sets it. */
export function renderTimeLimit(env: Env): RenderTimeLimit {
  return { factor: env.RENDER_TIME_FACTOR, minSeconds: env.RENDER_TIME_MIN_SECONDS }
}

/** When renders are split as the environment sets it. */
export function splitConfig(env: Env): SplitConfig {
  return { workers: env.SPLIT_WORKERS, minRangeSeconds: env.SPLIT_MIN_RANGE_SECONDS }
}

/**
 * Queues a render job for the task; pg-boss expires it only after the run's own time limit.
 * `priority` is its place in the fair order of users' renders (../fair-order.ts).
 */
export async function enqueueRenderVideo(
  boss: PgBoss,
  job: RenderVideoJob,
  timeLimitSeconds: number,
  opts: { startAfterSeconds?: number; priority?: number } = {},
): Promise<string> {
  const id = await boss.send(renderVideoQueue.name, RenderVideoJobSchema.parse(job), {
    expireInSeconds: Math.ceil(timeLimitSeconds) + EXPIRY_MARGIN_SECONDS,
    ...(opts.startAfterSeconds && { startAfter: opts.startAfterSeconds }),
    ...(opts.priority !== undefined && { priority: opts.priority }),
  })
  if (!id) throw new Error(`render job for task ${job.taskId} was not queued`)
  for (const worker of localWorkers.get(boss) ?? []) boss.notifyWorker(worker)
  return id
}

/**
 * The render workers of each queue client in this process: a job queued where a worker waits
 * wakes it at once instead of at its next poll, up to a second later (the server's in-process
 * worker, as `npm start` runs it). Workers in other processes still find it by polling.
 */
const localWorkers = new WeakMap<PgBoss, string[]>()

/** Why a run stops before its end without having failed. */
class RunStopped extends Error {
  constructor(readonly reason: 'deleted' | 'taken-over' | 'time-limit') {
    super(reason)
  }
}

async function whyStopped(db: Db, taskId: string): Promise<RunStopped> {
  const current = await loadTask(db, taskId)
  return new RunStopped(current?.state === 'DELETED' ? 'deleted' : 'taken-over')
}

/**
 * Beats every second with the run's progress while the render runs; when the run no longer
 * owns the task (deleted, or handed to another worker) it aborts the render. A new subtask is
 * written at once (`enter`), so even a step shorter than a beat shows. Beats are written one at
 * a time, each with the values of when it is written: a slow write never brings back an older
 * subtask after a newer one.
 */
function startHeartbeat(deps: RunDeps, task: TaskRow, runId: string) {
  const abort = new AbortController()
  const signal = AbortSignal.any([abort.signal, deps.shutdown])
  const at: { progress: number; subtask: TaskSubtask } = {
    progress: 0,
    subtask: 'PROCESSING_COMPOSITION',
  }
  let writing = Promise.resolve()
  // A write that has not started yet will carry the newest values: no need for a second one.
  let waiting = false
  const write = () => {
    if (waiting) return writing
    waiting = true
    return (writing = writing.then(() => {
      waiting = false
      return beat(deps.db, task.id, runId, at)
        .then(async (own) => {
          if (!own) abort.abort(await whyStopped(deps.db, task.id))
        })
        .catch((err) => deps.log.warn({ err }, 'heartbeat failed'))
    }))
  }
  const timer = setInterval(() => void write(), HEARTBEAT_EVERY_MS)
  return {
    signal,
    at,
    enter(subtask: TaskSubtask) {
      at.subtask = subtask
      return write()
    },
    stop: () => clearInterval(timer),
  }
}

type Heartbeat = ReturnType<typeof startHeartbeat>

/**
 * The user has another render running: the task waits in a new job a few seconds on, and this
 * one ends, so that the worker moves on to other users' renders instead of blocking on it. The
 * new job keeps the old one's place in the fair order.
 */
async function retryWhenFree(deps: RunDeps, taskId: string, priority: number | undefined) {
  const task = await loadTask(deps.db, taskId)
  if (!task) return
  const limit = renderTimeLimitSeconds(task.composition, deps.timeLimit)
  const jobId = await enqueueRenderVideo(deps.boss, { taskId }, limit, {
    startAfterSeconds: BUSY_RETRY_SECONDS,
    priority,
  })
  await attachJob(deps.db, taskId, jobId)
}

/**
 * Stores the thumbnail the render drew from its first slide, while it goes on: the render page
 * and the videos grid show the picture instead of a placeholder. Best effort: the final
 * thumbnail is stored with the video anyway.
 */
async function storeEarlyThumbnail(
  deps: RunDeps,
  taskId: string,
  runId: string,
  file: string,
  work: string,
): Promise<void> {
  try {
    const copy = path.join(work, 'early-thumbnail.jpg')
    await copyFile(file, copy)
    await deps.storage.putFile(storageKeys.thumbnail(taskId), copy)
    await showThumbnail(deps.db, taskId, runId)
  } catch (err) {
    deps.log.warn({ err, taskId }, 'early thumbnail not stored')
  }
}

/** Speaks the slides' narration, if the composition has any: null when it has none. */
async function narrate(
  deps: RunDeps,
  composition: Composition,
  work: string,
  heartbeat: Heartbeat,
  signal: AbortSignal,
): Promise<Narration | null> {
  if (!hasNarration(composition)) return null
  await heartbeat.enter('GENERATING_AUDIO')
  const speech = {
    voice: deps.voice,
    storage: deps.storage,
    tmpDir: path.join(deps.dataDir, 'tmp'),
  }
  return narrateComposition({ ...speech, tools: deps.tools }, composition, work, signal)
}

/** What a run renders, with what, and where to. */
interface RenderInput {
  taskId: string
  /** The composition as rendered: stretched to its narration and carrying its words, if any. */
  rendered: RenderedComposition
  narration: Narration | null
  media: Map<string, string>
  outFile: string
  thumbnailFile: string
  work: string
  limitSeconds: number
  signal: AbortSignal
  onProgress(percent: number): void
  onThumbnail(file: string): void
}

/**
 * Renders the video and its thumbnail: split across idle workers when it is long enough
 * (decision 016), else whole in this worker. Says whether it was split.
 */
async function renderVideo(deps: RunDeps, input: RenderInput): Promise<boolean> {
  const { taskId, rendered, narration, media, outFile, thumbnailFile, signal } = input
  const { onProgress, onThumbnail } = input
  const split = await planSplit(deps, { id: taskId, renderQueue: renderVideoQueue.name }, rendered)
  if (split) {
    await renderSplit(deps, {
      taskId,
      plan: split,
      composition: rendered,
      mediaPaths: rendered.composition.map((s) => media.get(s.filename)!),
      narration: narration?.trackFile ?? null,
      outFile,
      thumbnailFile,
      work: input.work,
      timeLimitSeconds: input.limitSeconds,
      signal,
      onProgress,
      onThumbnail,
    })
  } else {
    await whileDrawing(() =>
      renderComposition({
        composition: rendered,
        resolveMedia: (filename) => media.get(filename)!,
        outFile,
        thumbnailFile,
        narration: narration && { file: narration.trackFile },
        tools: deps.tools,
        signal,
        onProgress,
        onThumbnail,
      }),
    )
  }
  return Boolean(split)
}

/**
 * Stores the video, its thumbnail and captions and marks the task FINISHED, only while this run
 * still owns the task; a split render's segments are removed after.
 */
async function storeResult(deps: RunDeps, runId: string, input: RenderInput, split: boolean) {
  const { db, storage } = deps
  const { taskId, narration } = input
  const current = await loadTask(db, taskId)
  if (current?.state === 'DELETED') throw new RunStopped('deleted')
  if (current?.runId !== runId) throw new RunStopped('taken-over')
  await storage.putFile(storageKeys.thumbnail(taskId), input.thumbnailFile)
  if (narration) await storage.putFile(storageKeys.captions(taskId), narration.captionsFile)
  await storage.putFile(storageKeys.result(taskId), input.outFile)
  if (!(await finishTask(db, taskId, runId, input.rendered))) throw await whyStopped(db, taskId)
  if (split) await storage.deletePrefix(storageKeys.split(taskId))
}

/**
 * Renders one task. Safe to run again for the same task (a retry after a crash): each run takes
 * ownership with a new run id, renders into its own temporary folder, and only the owning run
 * moves the result into place and marks the task FINISHED. A run is stopped at its time limit
 * (proportional to the render's estimated cost), and the task ends CANCELLED without retry.
 */
export async function runRenderVideo(
  deps: RunDeps,
  job: { id: string; data: unknown; priority?: number },
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const { db, log } = deps
  const { taskId } = RenderVideoJobSchema.parse(job.data)
  const runId = randomUUID()
  const liveSince = new Date(Date.now() - HEARTBEAT_STALE_MS)
  const task = await claimTask(db, taskId, { runId, jobId: job.id, liveSince })
  if (task === 'busy') return retryWhenFree(deps, taskId, job.priority)
  if (!task) return
  const work = workDir(deps.dataDir, task.id, runId)
  const limitSeconds = renderTimeLimitSeconds(task.composition, deps.timeLimit)
  const deadline = AbortSignal.timeout(Math.ceil(limitSeconds * 1000))
  log.info({ taskId, runId, limitSeconds }, 'render started')
  const heartbeat = startHeartbeat(deps, task, runId)
  let earlyThumbnail: Promise<void> = Promise.resolve()
  try {
    const composition = CompositionSchema.parse(task.composition)
    const signal = AbortSignal.any([heartbeat.signal, deadline])
    await mkdir(work, { recursive: true })
    const media = await fetchMedia(deps, task, composition)
    const narration = await narrate(deps, composition, work, heartbeat, signal)
    await heartbeat.enter('RENDERING_VIDEO')
    const input: RenderInput = {
      taskId,
      rendered: narration?.composition ?? composition,
      narration,
      media,
      outFile: path.join(work, 'video.mp4'),
      thumbnailFile: path.join(work, 'thumbnail.jpg'),
      work,
      limitSeconds,
      signal,
      onProgress: (percent) => {
        heartbeat.at.progress = Math.round(percent * 10) / 10
      },
      onThumbnail: (file) => {
        earlyThumbnail = storeEarlyThumbnail(deps, taskId, runId, file, work)
      },
    }
    const split = await renderVideo(deps, input)
    // The early copy must not land after the final one.
    await earlyThumbnail
    await storeResult(deps, runId, input, split)
    log.info({ taskId, runId }, 'render finished')
  } catch (err) {
    // Settled first, so a deleted task's files are not written again after they are removed.
    await earlyThumbnail
    const stopped = deadline.aborted ? new RunStopped('time-limit') : err
    await onRunError(deps, task, runId, stopped, attempt)
  } finally {
    heartbeat.stop()
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * A deleted task loses its files; a task another run took over is left to that run; a run past
 * its time limit, or missing its media, ends the task CANCELLED at once; otherwise the error is
 * retried by the queue (rethrown) or, with no retry left, ends the task CANCELLED. The user reads
 * a fixed sentence for each reason (core's CANCEL_REASONS); the error itself goes to the log.
 */
async function onRunError(
  deps: RunDeps,
  task: TaskRow,
  runId: string,
  err: unknown,
  attempt: { retryCount: number; retryLimit: number },
) {
  const current = await loadTask(deps.db, task.id)
  if ((err instanceof RunStopped && err.reason === 'deleted') || current?.state === 'DELETED') {
    await deps.storage.deletePrefix(storageKeys.taskDir(task.id))
    return
  }
  if (current?.runId !== runId) return
  if (err instanceof RunStopped) {
    if (err.reason === 'time-limit') {
      deps.log.warn({ taskId: task.id }, 'render stopped at its time limit')
      await endForGood(deps, task.id, runId, 'time_limit')
    }
    return
  }
  await onRunFailed(deps, task.id, runId, err, attempt)
}

/** Ends the task CANCELLED; a split render's segments are of no use to a task that ended. */
async function endForGood(deps: RunDeps, taskId: string, runId: string, reason: CancelReason) {
  await failTask(deps.db, taskId, runId, reason)
  await deps.storage.deletePrefix(storageKeys.split(taskId))
}

/** A run that failed while it still owned its task: handed back, retried or ended for good. */
async function onRunFailed(
  deps: RunDeps,
  taskId: string,
  runId: string,
  err: unknown,
  attempt: { retryCount: number; retryLimit: number },
) {
  if (deps.shutdown.aborted) {
    // Thrown, so the queue fails the job and hands it to the next worker.
    deps.log.info({ taskId }, 'render handed back at shutdown')
    await awaitRetry(deps.db, taskId, runId)
    throw err
  }
  if (err instanceof MediaMissing) {
    deps.log.warn({ err, taskId }, 'render media missing')
    await endForGood(deps, taskId, runId, 'media_missing')
    return
  }
  if (attempt.retryCount >= attempt.retryLimit) {
    deps.log.error({ err, taskId }, 'render failed for good')
    await endForGood(deps, taskId, runId, 'render_failed')
    return
  }
  deps.log.warn({ err, taskId, attempt: attempt.retryCount }, 'render failed, will retry')
  await awaitRetry(deps.db, taskId, runId)
  throw err
}

/** Starts `concurrency` render loops on the queue. */
export async function workRenderVideo(boss: PgBoss, deps: RenderDeps, concurrency: number) {
  const shutdown = new AbortController()
  const runDeps: RunDeps = { ...deps, boss, shutdown: shutdown.signal }
  const workers: string[] = []
  localWorkers.set(boss, workers)
  for (let i = 0; i < concurrency; i++) {
    const worker = await boss.work(
      renderVideoQueue.name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return
        await runRenderVideo(runDeps, job, {
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        })
      },
    )
    workers.push(worker)
  }
  return () => shutdown.abort()
}
