import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import {
  CompositionSchema,
  isBuiltInTrack,
  renderTimeLimitSeconds,
  type Composition,
  type RenderedComposition,
  type RenderTimeLimit,
} from '@storyreel/core'
import { buildMusicSoundtrack, renderComposition, slideSpans } from '@storyreel/render/server'
import { storageKeys } from '../../adapters/storage/storage'
import type { VoiceEngine } from '../../adapters/voice/voice'
import type { Env } from '../../env'
import {
  hasNarration,
  narrateComposition,
  type Narration,
} from '../../services/narrate-composition'
import { claimTask, showThumbnail } from '../../services/render-tasks'
import { HEARTBEAT_STALE_MS, workDir } from '../liveness'
import { whileDrawing } from '../render-load'
import { workRenderSlots, type SlotKind } from '../render-slots'
import { planSplit, renderSplit, type SplitConfig } from '../split-render'
import {
  endRun,
  finishRun,
  RenderVideoJobSchema,
  retryWhenFree,
  startRunHeartbeat,
} from '../task-life'
import { fetchMedia, fetchMusic, MusicUnusable } from '../task-media'
import type { RangeDeps } from './render-range'

export interface RenderDeps extends RangeDeps {
  /** Speaks the slides' narration. */
  voice: VoiceEngine
  /** What the speech cache may hold, bytes (SPEECH_CACHE_MB). */
  speechCacheBytes: number
  /** When a long render is split across idle workers (decision 016). */
  split: SplitConfig
}

/** What a running job has besides its deps: the queue, this process's shutdown, its slot. */
interface RunDeps extends RenderDeps {
  boss: PgBoss
  /** Aborted when this process shuts down: running renders stop and go back to the queue. */
  shutdown: AbortSignal
  /** The slot that runs it (../render-slots.ts). */
  slot: SlotKind
}

/** The renders' time limit as the environment sets it. */
export function renderTimeLimit(env: Env): RenderTimeLimit {
  return { factor: env.RENDER_TIME_FACTOR, minSeconds: env.RENDER_TIME_MIN_SECONDS }
}

/** When renders are split as the environment sets it. */
export function splitConfig(env: Env): SplitConfig {
  return { workers: env.SPLIT_WORKERS, minRangeSeconds: env.SPLIT_MIN_RANGE_SECONDS }
}

type Heartbeat = ReturnType<typeof startRunHeartbeat>

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
  task: { userId: string; composition: Composition },
  work: string,
  heartbeat: Heartbeat,
  signal: AbortSignal,
): Promise<Narration | null> {
  if (!hasNarration(task.composition)) return null
  await heartbeat.enter('GENERATING_AUDIO')
  const speech = {
    voice: deps.voice,
    storage: deps.storage,
    db: deps.db,
    cacheBytes: deps.speechCacheBytes,
    tmpDir: path.join(deps.dataDir, 'tmp'),
  }
  return narrateComposition({ ...speech, tools: deps.tools }, task, work, signal)
}

/**
 * Mixes the music the composition asks for under its narration (the render's soundtrack, heard
 * instead of the narration track): null without music. A user's own file that no decoder plays
 * ends the task with its own reason; a built-in track failing is our fault, retried as any error.
 */
async function mixMusic(
  deps: RunDeps,
  task: { userId: string; composition: Composition },
  rendered: RenderedComposition,
  narration: Narration | null,
  work: string,
  signal: AbortSignal,
): Promise<string | null> {
  const music = await fetchMusic(deps, task, task.composition)
  if (!music) return null
  const outFile = path.join(work, 'soundtrack.wav')
  try {
    await buildMusicSoundtrack({
      music,
      narration: narration?.trackFile ?? null,
      speech: narration?.speech ?? [],
      total: slideSpans(rendered.composition.map((s) => s.duration)).at(-1)!.end,
      outFile,
      tools: deps.tools,
      signal,
    })
  } catch (err) {
    const { track } = task.composition.movieParams.music!
    if (signal.aborted || isBuiltInTrack(track)) throw err
    throw new MusicUnusable(`music file ${track} unplayable`, { cause: err })
  }
  return outFile
}

/** What a run renders, with what, and where to. */
interface RenderInput {
  taskId: string
  /** The composition as rendered: stretched to its narration and carrying its words, if any. */
  rendered: RenderedComposition
  narration: Narration | null
  /** The narration and music mixed, heard instead of the narration track; null without music. */
  soundtrack: string | null
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
  const split = await planSplit(deps, taskId, rendered)
  if (split) {
    await renderSplit(deps, {
      taskId,
      plan: split,
      composition: rendered,
      mediaPaths: rendered.composition.map((s) => media.get(s.filename)!),
      narration: narration?.trackFile ?? null,
      soundtrack: input.soundtrack,
      outFile,
      thumbnailFile,
      work: input.work,
      timeLimitSeconds: input.limitSeconds,
      signal,
      onProgress,
      onThumbnail,
    })
  } else {
    const render = () =>
      renderComposition({
        composition: rendered,
        resolveMedia: (filename) => media.get(filename)!,
        outFile,
        thumbnailFile,
        narration: narration && { file: narration.trackFile },
        soundtrack: input.soundtrack === null ? null : { file: input.soundtrack },
        tools: deps.tools,
        signal,
        onProgress,
        onThumbnail,
      })
    // A short slot's render holds no main slot: a free one may still draw ranges beside it.
    await (deps.slot === 'main' ? whileDrawing(render) : render())
  }
  return Boolean(split)
}

/**
 * Renders one task: claims it, fetches its media, narrates, renders, and hands the outcome to the
 * task's life (../task-life), which stores the result or ends the task as the error says. Safe to
 * run again for the same task (a retry after a crash): each run takes ownership with a new run
 * id, renders into its own temporary folder, and only the owning run moves the result into place
 * and marks the task FINISHED. A run is stopped at its time limit (proportional to the render's
 * estimated cost), and the task ends CANCELLED without retry.
 */
export async function runRenderVideo(
  deps: RunDeps,
  job: { id: string; name: string; data: unknown; priority?: number },
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const { db, log } = deps
  const { taskId } = RenderVideoJobSchema.parse(job.data)
  const runId = randomUUID()
  const liveSince = new Date(Date.now() - HEARTBEAT_STALE_MS)
  const task = await claimTask(db, taskId, { runId, jobId: job.id, liveSince })
  if (task === 'busy') {
    return retryWhenFree(deps, taskId, { queue: job.name, priority: job.priority })
  }
  if (!task) return
  const work = workDir(deps.dataDir, task.id, runId)
  const limitSeconds = renderTimeLimitSeconds(task.composition, deps.timeLimit)
  const deadline = AbortSignal.timeout(Math.ceil(limitSeconds * 1000))
  log.info({ taskId, runId, limitSeconds }, 'render started')
  const heartbeat = startRunHeartbeat(deps, taskId, runId)
  let earlyThumbnail: Promise<void> = Promise.resolve()
  try {
    const composition = CompositionSchema.parse(task.composition)
    const signal = AbortSignal.any([heartbeat.signal, deps.shutdown, deadline])
    await mkdir(work, { recursive: true })
    const media = await fetchMedia(deps, task, composition)
    const narration = await narrate(
      deps,
      { userId: task.userId, composition },
      work,
      heartbeat,
      signal,
    )
    const rendered = narration?.composition ?? composition
    const soundtrack = await mixMusic(
      deps,
      { userId: task.userId, composition },
      rendered,
      narration,
      work,
      signal,
    )
    await heartbeat.enter('RENDERING_VIDEO')
    const input: RenderInput = {
      taskId,
      rendered,
      narration,
      soundtrack,
      media,
      outFile: path.join(work, 'video.mp4'),
      thumbnailFile: path.join(work, 'thumbnail.jpg'),
      work,
      limitSeconds,
      signal,
      onProgress: (percent) => {
        heartbeat.values.progress = Math.round(percent * 10) / 10
      },
      onThumbnail: (file) => {
        earlyThumbnail = storeEarlyThumbnail(deps, taskId, runId, file, work)
      },
    }
    const split = await renderVideo(deps, input)
    // The early copy must not land after the final one.
    await earlyThumbnail
    await finishRun(
      deps,
      { taskId, runId },
      {
        rendered: input.rendered,
        video: input.outFile,
        thumbnail: input.thumbnailFile,
        captions: narration?.captionsFile ?? null,
        split,
      },
    )
    log.info({ taskId, runId }, 'render finished')
  } catch (err) {
    // Settled first, so a deleted task's files are not written again after they are removed.
    await earlyThumbnail
    await endRun(deps, { taskId, runId, attempt, timedOut: deadline.aborted }, err)
  } finally {
    await heartbeat.stop()
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Starts this process's render slots (../render-slots.ts): `slots.main` for any render,
 * `slots.short` for short ones beside them. The function returned makes running renders stop and
 * go back to the queue, and resolves once they have.
 */
export function workRenderVideo(
  boss: PgBoss,
  deps: RenderDeps,
  slots: Record<SlotKind, number>,
): () => Promise<void> {
  const shutdown = new AbortController()
  const stopSlots = workRenderSlots(boss, deps, slots, (job, slot) =>
    runRenderVideo({ ...deps, boss, shutdown: shutdown.signal, slot }, job, job),
  )
  return () => {
    shutdown.abort()
    return stopSlots()
  }
}
