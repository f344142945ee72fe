import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { CompositionSchema } from '@storyreel/core'
import type { Db } from '../db/client'
import { storageKeys, type Storage } from '../lib/storage'
import { updateTask, type TaskRow } from '../services/tasks'
import { tasks } from '../db/schema'
import { eq } from 'drizzle-orm'
import { RENDER_QUEUE, type RenderJob } from './render-queue'

export interface WorkerDeps {
  db: Db
  storage: Storage
  dataDir: string
  ffmpegPath: string
  log: FastifyBaseLogger
}

/** Progress is written at most this often: enough for a 2 s poll, light on the database. */
const PROGRESS_EVERY_MS = 1000

async function loadTask(db: Db, id: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id))
  return row ?? null
}

class TaskDeleted extends Error {}

/**
 * Renders one task. Safe to run again for the same task (a retry after a crash): the result is
 * written under a fresh temporary name and moved into place only when whole, and a task that is
 * already finished or deleted is left alone.
 */
export async function runRenderJob(
  deps: WorkerDeps,
  job: RenderJob,
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const { db, storage, log } = deps
  const task = await loadTask(db, job.taskId)
  if (
    !task ||
    task.state === 'FINISHED' ||
    task.state === 'DELETED' ||
    task.state === 'CANCELLED'
  ) {
    return
  }
  const work = path.join(deps.dataDir, 'tmp', `render-${task.id}-${randomUUID().slice(0, 8)}`)
  const abort = new AbortController()
  try {
    await updateTask(db, task.id, {
      state: 'EXECUTING',
      subtask: 'PROCESSING_COMPOSITION',
      progress: 0,
    })
    const composition = CompositionSchema.parse(task.composition)
    await mkdir(work, { recursive: true })
    const media = new Map<string, string>()
    for (const slide of composition.composition) {
      const key = storageKeys.upload(task.userId, slide.filename)
      if ((await storage.size(key)) === null)
        throw new Error(`Media file ${slide.filename} is missing.`)
      media.set(slide.filename, await storage.localPath(key))
    }

    await updateTask(db, task.id, { subtask: 'RENDERING_VIDEO', progress: 0 })
    let lastWrite = 0
    const outFile = path.join(work, 'video.mp4')
    const thumbnailFile = path.join(work, 'thumbnail.jpg')
    // Loaded on the first render: the API alone never needs the drawing engine.
    const { renderComposition } = await import('@storyreel/render/node')
    await renderComposition({
      composition,
      resolveMedia: (filename) => media.get(filename)!,
      outFile,
      thumbnailFile,
      ffmpegPath: deps.ffmpegPath,
      signal: abort.signal,
      onProgress: (percent) => {
        const now = Date.now()
        if (now - lastWrite < PROGRESS_EVERY_MS) return
        lastWrite = now
        void (async () => {
          const current = await loadTask(db, task.id)
          // The owner deleted the task while it rendered: stop ffmpeg now.
          if (!current || current.state === 'DELETED') return abort.abort(new TaskDeleted())
          await updateTask(db, task.id, { progress: Math.round(percent * 10) / 10 })
        })().catch((err) => log.warn({ err }, 'progress update failed'))
      },
    })

    const latest = await loadTask(db, task.id)
    if (!latest || latest.state === 'DELETED') throw new TaskDeleted()
    await storage.putFile(storageKeys.thumbnail(task.id), thumbnailFile)
    await storage.putFile(storageKeys.result(task.id), outFile)
    await updateTask(db, task.id, {
      state: 'FINISHED',
      subtask: null,
      progress: 100,
      hasResult: true,
      hasThumbnail: true,
      error: null,
    })
  } catch (err) {
    const current = await loadTask(db, task.id)
    if (err instanceof TaskDeleted || abort.signal.aborted || current?.state === 'DELETED') {
      await storage.deletePrefix(storageKeys.taskDir(task.id))
      return
    }
    if (attempt.retryCount >= attempt.retryLimit) {
      log.error({ err, taskId: task.id }, 'render failed for good')
      await updateTask(db, task.id, {
        state: 'CANCELLED',
        subtask: null,
        progress: null,
        error: `The video could not be rendered: ${(err as Error).message}`,
      })
      return
    }
    log.warn({ err, taskId: task.id, attempt: attempt.retryCount }, 'render failed, will retry')
    await updateTask(db, task.id, { subtask: 'AWAITING_EXECUTION', progress: null })
    throw err
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** Starts `concurrency` render loops on the queue. */
export async function startRenderWorkers(boss: PgBoss, deps: WorkerDeps, concurrency: number) {
  for (let i = 0; i < concurrency; i++) {
    await boss.work<RenderJob>(
      RENDER_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return
        await runRenderJob(deps, job.data, {
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        })
      },
    )
  }
}
