import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { renderTimeLimitSeconds, type Composition, type RenderTimeLimit } from '@storyreel/core'
import type { Db } from '../../db/client'
import type { users } from '../../db/schema'
import { attachJob, cancelUnqueued, loadTask, requestRender } from '../../services/render-tasks'
import { fairPriority } from '../fair-order'
import { RENDER_QUEUES, renderQueueOf } from './render-queues'

/** The render job's payload, checked when a worker takes the job. */
export const RenderVideoJobSchema = z.object({ taskId: z.uuid() })

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
 * The render slots of each queue client in this process: a job queued where a slot waits wakes
 * it at once instead of at its next poll, up to a second later (the server's in-process worker,
 * as `npm start` runs it). Workers in other processes still find it by polling.
 */
const localSlots = new WeakMap<PgBoss, Set<() => void>>()

/** Wakes `wake` at each render queued here on `boss`; the function returned stops it. */
export function registerLocalWorkers(boss: PgBoss, wake: () => void): () => void {
  let slots = localSlots.get(boss)
  if (!slots) localSlots.set(boss, (slots = new Set()))
  slots.add(wake)
  return () => slots.delete(wake)
}

/**
 * Queues a render job for the task on `queue` and records it on the task; pg-boss expires the
 * job only after the run's own time limit. `priority` is its place in the fair order of users'
 * renders (../fair-order.ts).
 */
async function enqueueRender(
  deps: QueueDeps,
  task: { id: string; composition: Composition },
  opts: { queue: string; startAfterSeconds?: number; priority?: number },
) {
  const { boss } = deps
  const limit = renderTimeLimitSeconds(task.composition, deps.timeLimit)
  const job = RenderVideoJobSchema.parse({ taskId: task.id })
  const id = await boss.send(opts.queue, job, {
    expireInSeconds: Math.ceil(limit) + EXPIRY_MARGIN_SECONDS,
    ...(opts.startAfterSeconds && { startAfter: opts.startAfterSeconds }),
    ...(opts.priority !== undefined && { priority: opts.priority }),
  })
  if (!id) throw new Error(`render job for task ${task.id} was not queued`)
  for (const wake of localSlots.get(boss) ?? []) wake()
  await attachJob(deps.db, task.id, id)
}

/**
 * The user asks for a render: a new QUEUED task (refused as requestRender says) and its job, in
 * the short or the long queue by its estimated cost, in the user's turn of the fair order. A task
 * whose job could not be queued ends CANCELLED.
 */
export async function queueRender(
  deps: QueueDeps & { shortRenderSeconds: number },
  user: typeof users.$inferSelect,
  composition: Composition,
) {
  const task = await requestRender(deps.db, user, composition)
  try {
    const priority = await fairPriority(deps.db, RENDER_QUEUES, user.id)
    const queue = renderQueueOf(composition, deps.shortRenderSeconds)
    await enqueueRender(deps, task, { queue, priority })
  } catch (err) {
    await cancelUnqueued(deps.db, task.id)
    throw err
  }
  return task
}

/**
 * The user has another render running: the task waits in a new job a few seconds on, and the
 * run that found it busy ends, so that its worker moves on to other users' renders instead of
 * blocking on it. The new job keeps the old one's queue and place in the fair order.
 */
export async function retryWhenFree(
  deps: QueueDeps,
  taskId: string,
  job: { queue: string; priority?: number },
) {
  const task = await loadTask(deps.db, taskId)
  if (!task) return
  await enqueueRender(deps, task, { ...job, startAfterSeconds: BUSY_RETRY_SECONDS })
}
