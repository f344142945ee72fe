import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { and, eq } from 'drizzle-orm'
import { CompositionSchema } from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { storageKeys, type Storage } from '../lib/storage'
import { updateTask, type TaskRow } from '../services/tasks'
import { RENDER_QUEUE, type RenderJob } from './render-queue'
import { HEARTBEAT_EVERY_MS, startSupervisor, workDir } from './supervisor'

export interface WorkerDeps {
  db: Db
  storage: Storage
  dataDir: string
  ffmpegPath: string
  log: FastifyBaseLogger
}

async function loadTask(db: Db, id: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id))
  return row ?? null
}

class TaskDeleted extends Error {}
class TaskTakenOver extends Error {}

/** Updates the task only while this run still owns it. */
async function updateOwn(db: Db, taskId: string, runId: string, patch: Partial<TaskRow>) {
  const rows = await db
    .update(tasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), eq(tasks.runId, runId), eq(tasks.state, 'EXECUTING')))
    .returning({ id: tasks.id })
  return rows.length > 0
}

/**
 * Renders one task. Safe to run again for the same task (a retry after a crash): each run takes
 * ownership with a new run id, renders into its own temporary folder, and only the owning run
 * moves the result into place and marks the task FINISHED.
 */
export async function runRenderJob(
  deps: WorkerDeps,
  job: { id: string; data: RenderJob },
  attempt: { retryCount: number; retryLimit: number },
): Promise<void> {
  const { db, storage, log } = deps
  const task = await loadTask(db, job.data.taskId)
  if (
    !task ||
    task.state === 'FINISHED' ||
    task.state === 'DELETED' ||
    task.state === 'CANCELLED'
  ) {
    return
  }
  const runId = randomUUID()
  await updateTask(db, task.id, {
    state: 'EXECUTING',
    subtask: 'PROCESSING_COMPOSITION',
    progress: 0,
    jobId: job.id,
    runId,
    heartbeatAt: new Date(),
    error: null,
  })
  const work = workDir(deps.dataDir, task.id, runId)
  log.info({ taskId: task.id, runId }, 'render started')
  const abort = new AbortController()
  let progress = 0
  let subtask: TaskRow['subtask'] = 'PROCESSING_COMPOSITION'
  // The heartbeat carries the progress, and tells this run when it must stop.
  const heartbeat = setInterval(() => {
    void updateOwn(db, task.id, runId, { heartbeatAt: new Date(), progress, subtask })
      .then(async (own) => {
        if (own) return
        const current = await loadTask(db, task.id)
        abort.abort(current?.state === 'DELETED' ? new TaskDeleted() : new TaskTakenOver())
      })
      .catch((err) => log.warn({ err }, 'heartbeat failed'))
  }, HEARTBEAT_EVERY_MS)
  try {
    const composition = CompositionSchema.parse(task.composition)
    await mkdir(work, { recursive: true })
    const media = new Map<string, string>()
    for (const slide of composition.composition) {
      const key = storageKeys.upload(task.userId, slide.filename)
      if ((await storage.size(key)) === null) {
        throw new Error(`Media file ${slide.filename} is missing.`)
      }
      media.set(slide.filename, await storage.localPath(key))
    }

    subtask = 'RENDERING_VIDEO'
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
        progress = Math.round(percent * 10) / 10
      },
    })

    const current = await loadTask(db, task.id)
    if (current?.state === 'DELETED') throw new TaskDeleted()
    if (current?.runId !== runId) throw new TaskTakenOver()
    await storage.putFile(storageKeys.thumbnail(task.id), thumbnailFile)
    await storage.putFile(storageKeys.result(task.id), outFile)
    const finished = await updateOwn(db, task.id, runId, {
      state: 'FINISHED',
      subtask: null,
      progress: 100,
      hasResult: true,
      hasThumbnail: true,
    })
    if (!finished) {
      const latest = await loadTask(db, task.id)
      if (latest?.state === 'DELETED') throw new TaskDeleted()
      throw new TaskTakenOver()
    }
    log.info({ taskId: task.id, runId }, 'render finished')
  } catch (err) {
    const current = await loadTask(db, task.id)
    if (err instanceof TaskDeleted || current?.state === 'DELETED') {
      await storage.deletePrefix(storageKeys.taskDir(task.id))
      return
    }
    // Another run owns the task now (this worker was presumed dead): leave it to that run.
    if (err instanceof TaskTakenOver || current?.runId !== runId) return
    if (attempt.retryCount >= attempt.retryLimit) {
      log.error({ err, taskId: task.id }, 'render failed for good')
      await updateOwn(db, task.id, runId, {
        state: 'CANCELLED',
        subtask: null,
        progress: null,
        error: `The video could not be rendered: ${(err as Error).message}`,
      })
      return
    }
    log.warn({ err, taskId: task.id, attempt: attempt.retryCount }, 'render failed, will retry')
    await updateOwn(db, task.id, runId, { subtask: 'AWAITING_EXECUTION', progress: null })
    throw err
  } finally {
    clearInterval(heartbeat)
    await rm(work, { recursive: true, force: true })
  }
}

/** Starts `concurrency` render loops on the queue, and the supervisor of dead workers' tasks. */
export async function startRenderWorkers(boss: PgBoss, deps: WorkerDeps, concurrency: number) {
  for (let i = 0; i < concurrency; i++) {
    await boss.work<RenderJob>(
      RENDER_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return
        await runRenderJob(deps, job, { retryCount: job.retryCount, retryLimit: job.retryLimit })
      },
    )
  }
  return startSupervisor(boss, deps)
}
