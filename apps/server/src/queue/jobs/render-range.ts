import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { FastifyBaseLogger } from 'fastify'
import {
  RenderedCompositionSchema,
  renderTimeLimitSeconds,
  type RenderTimeLimit,
} from '@storyreel/core'
import { renderComposition, type MediaTools } from '@storyreel/render/server'
import type { Storage } from '../../adapters/storage/storage'
import type { Db } from '../../db/client'
import { loadTask } from '../../services/render-tasks'
import { rangeWorkDir } from '../liveness'
import { rendersDrawing, whileDrawing } from '../render-load'
import { startRangeHeartbeat } from '../task-life'
import { fetchMedia } from '../task-media'

/**
 * One range of a split render (decision 016): frames [start, end) of the composition as
 * rendered (narration stretched, its slides' spoken words for the captions), drawn into a
 * video-only segment stored under `key`.
 */
export const RenderRangeJobSchema = z.object({
  taskId: z.uuid(),
  key: z.string().min(1),
  range: z
    .object({ start: z.number().int().min(0), end: z.number().int().positive() })
    .refine((r) => r.end > r.start, 'empty range'),
  composition: RenderedCompositionSchema,
})
export type RenderRangeJob = z.infer<typeof RenderRangeJobSchema>

/** Retries of one range: a range whose worker dies is retried alone, by any worker. */
export const RANGE_RETRY_LIMIT = 2

export const renderRangeQueue = {
  name: 'render-range',
  retryLimit: RANGE_RETRY_LIMIT,
  retryDelay: 1,
  expireInSeconds: 60 * 60,
}

/** What a range's worker writes into its job while it draws: alive, and how far. */
export const RangeBeatSchema = z.object({ frames: z.number(), beatAt: z.number() })

/** The range's thumbnail, beside its segment, when the range holds the thumbnail's frame. */
export const rangeThumbnailKey = (segmentKey: string) => segmentKey.replace(/\.ts$/, '.jpg')

/** What drawing a range needs; a whole render needs narration and splitting besides. */
export interface RangeDeps {
  db: Db
  storage: Storage
  dataDir: string
  tools: MediaTools
  log: FastifyBaseLogger
  /** When a run is stopped: after this factor times its render's estimated cost (core). */
  timeLimit: RenderTimeLimit
}

const POLL_MS = 1000

/**
 * Draws one range. Beats into its job every second with the frames done; stops when its job is
 * no longer active (its coordinator gave it up as dead and it went to another worker) or its
 * task no longer renders (deleted, cancelled, finished). The segment is stored atomically, and
 * a range is deterministic, so a range drawn twice stores the same picture twice: harmless.
 */
async function runRange(
  boss: PgBoss,
  deps: RangeDeps,
  job: { id: string; data: unknown },
  shutdown: AbortSignal,
) {
  const { db, storage, log } = deps
  const data = RenderRangeJobSchema.parse(job.data)
  const queue = renderRangeQueue.name
  const task = await loadTask(db, data.taskId)
  if (task?.state !== 'EXECUTING' || (await storage.size(data.key)) !== null) {
    await boss.complete(queue, job.id)
    return
  }
  const where = { taskId: data.taskId, start: data.range.start, end: data.range.end }
  log.info({ ...where, jobId: job.id }, 'render range started')
  const started = Date.now()
  const work = rangeWorkDir(deps.dataDir, data.taskId)
  const frames = data.range.end - data.range.start
  const heartbeat = startRangeHeartbeat(deps, { queue, jobId: job.id, taskId: data.taskId })
  try {
    const limit = renderTimeLimitSeconds(data.composition, deps.timeLimit)
    const signal = AbortSignal.any([heartbeat.signal, shutdown, AbortSignal.timeout(limit * 1000)])
    await mkdir(work, { recursive: true })
    const media = await fetchMedia(deps, task, data.composition)
    const segment = path.join(work, 'segment.ts')
    const thumbnail = path.join(work, 'thumbnail.jpg')
    const result = await whileDrawing(() =>
      renderComposition({
        composition: data.composition,
        resolveMedia: (filename) => media.get(filename)!,
        outFile: segment,
        thumbnailFile: thumbnail,
        tools: deps.tools,
        signal,
        range: data.range,
        onProgress: (percent) => (heartbeat.values.frames = Math.floor((percent * frames) / 100)),
      }),
    )
    await heartbeat.stop()
    heartbeat.signal.throwIfAborted()
    // The thumbnail first: a coordinator that sees the segment finds its thumbnail there too.
    if (result.thumbnail) await storage.putFile(rangeThumbnailKey(data.key), thumbnail)
    await storage.putFile(data.key, segment)
    await boss.complete(queue, job.id, { frames, seconds: (Date.now() - started) / 1000 })
    log.info({ ...where, seconds: (Date.now() - started) / 1000 }, 'render range finished')
  } catch (err) {
    // Stopped by its heartbeat: nobody needs the range any more.
    if (heartbeat.signal.aborted) {
      log.info(where, 'render range no longer needed')
      await boss.complete(queue, job.id).catch(() => {})
      return
    }
    // Failed back to the queue, which retries the range alone (on shutdown too: another
    // worker takes it over).
    log.warn({ err, ...where }, 'render range failed')
    await boss.fail(queue, job.id, { message: (err as Error).message })
  } finally {
    await heartbeat.stop()
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Starts `concurrency` loops that take ranges of split renders from the queue, each only while
 * this process has a render slot free (render-load.ts). The function returned stops them; a
 * range drawing then is handed back to the queue.
 */
export function workRenderRanges(boss: PgBoss, deps: RangeDeps, concurrency: number) {
  const shutdown = new AbortController()
  const loop = async () => {
    while (!shutdown.signal.aborted) {
      try {
        const [job] =
          rendersDrawing() < concurrency
            ? await boss.fetch(renderRangeQueue.name, { batchSize: 1 })
            : []
        if (job) await runRange(boss, deps, job, shutdown.signal)
        else await sleep(POLL_MS, undefined, { signal: shutdown.signal })
      } catch (err) {
        if (shutdown.signal.aborted) return
        deps.log.warn({ err }, 'render range loop failed')
        await sleep(POLL_MS).catch(() => {})
      }
    }
  }
  for (let i = 0; i < concurrency; i++) void loop()
  return () => shutdown.abort()
}
