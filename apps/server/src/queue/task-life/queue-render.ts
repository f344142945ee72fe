import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { renderTimeLimitSeconds, type Composition, type RenderTimeLimit } from '@storyreel/core'
import type { Db } from '../../db/client'
import type { users } from '../../db/schema'
import { attachJob, cancelUnqueued, loadTask, requestRender } from '../../services/render-tasks'
import { fairPriority } from '../fair-order'

/** The render job's payload, checked when a worker takes the job. */
export const RenderVideoJobSchema = z.object({ taskId: z.uuid() })

/** Retries before a render is given up; a retry also follows a worker that died mid-render. */
const RENDER_RETRY_LIMIT = 2

export const renderVideoQueue = {
  name: 'render',
  retryLimit: RENDER_RETRY_LIMIT,
  retryDelay: 1,
  // Each job sets its own expiry from its time limit (enqueueRender); this is the fallback.
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

/** What queueing a render needs: the database, the queue, and the renders' time limit. */
interface QueueDeps {
  db: Db
  boss: PgBoss
  timeLimit: RenderTimeLimit
}

/**
 * The render workers of each queue client in this process: a job queued where a worker waits
 * wakes it at once instead of at its next poll, up to a second later (the server's in-process
 * worker, as `npm start` runs it). Workers in other processes still find it by polling.
 */
const localWorkers = new WeakMap<PgBoss, string[]>()

/** This process's render workers on `boss`, woken by each render queued here. */
export function registerLocalWorkers(boss: PgBoss, workers: string[]) {
  localWorkers.set(boss, workers)
}

/**
 * Queues a render job for the task and records it on the task; pg-boss expires the job only
 * after the run's own time limit. `priority` is its place in the fair order of users' renders
 * (../fair-order.ts).
 */
async function enqueueRender(
  deps: QueueDeps,
  task: { id: string; composition: Composition },
  opts: { startAfterSeconds?: number; priority?: number },
) {
  const { boss } = deps
  const limit = renderTimeLimitSeconds(task.composition, deps.timeLimit)
  const job = RenderVideoJobSchema.parse({ taskId: task.id })
  const id = await boss.send(renderVideoQueue.name, job, {
    expireInSeconds: Math.ceil(limit) + EXPIRY_MARGIN_SECONDS,
    ...(opts.startAfterSeconds && { startAfter: opts.startAfterSeconds }),
    ...(opts.priority !== undefined && { priority: opts.priority }),
  })
  if (!id) throw new Error(`render job for task ${task.id} was not queued`)
  for (const worker of localWorkers.get(boss) ?? []) boss.notifyWorker(worker)
  await attachJob(deps.db, task.id, id)
}

/**
 * The user asks for a render: a new QUEUED task (refused as requestRender says) and its job, in
 * the user's turn of the fair order. A task whose job could not be queued ends CANCELLED.
 */
export async function queueRender(
  deps: QueueDeps,
  user: typeof users.$inferSelect,
  composition: Composition,
) {
  const task = await requestRender(deps.db, user, composition)
  try {
    const priority = await fairPriority(deps.db, renderVideoQueue.name, user.id)
    await enqueueRender(deps, task, { priority })
  } catch (err) {
    await cancelUnqueued(deps.db, task.id)
    throw err
  }
  return task
}

/**
 * The user has another render running: the task waits in a new job a few seconds on, and the
 * run that found it busy ends, so that its worker moves on to other users' renders instead of
 * blocking on it. The new job keeps the old one's place in the fair order.
 */
export async function retryWhenFree(deps: QueueDeps, taskId: string, priority?: number) {
  const task = await loadTask(deps.db, taskId)
  if (!task) return
  await enqueueRender(deps, task, { startAfterSeconds: BUSY_RETRY_SECONDS, priority })
}
