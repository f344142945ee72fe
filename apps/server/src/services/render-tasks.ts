import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import {
  CompositionSchema,
  FINAL_TASK_STATES,
  isVideoLimitReached,
  isWithinRenderBudget,
  type CancelReason,
  type Composition,
  type RenderedComposition,
  type TaskSubtask,
} from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks, type users } from '../db/schema'
import { AppError } from '../http/app-error'
import { rendersThisPeriod } from './video-limit'
import { ownedMedia } from './uploads'
import { checkMusicOwner } from './user-audio'
import { lockUser } from './user-lock'

/**
 * Each change of a render task's state (SPEC section 4) is one UPDATE guarded by the states it
 * may leave, so two actors (a worker, the supervisor, the owner deleting) can never both win. The
 * life these changes make up, with its diagram, is ../queue/task-life.
 */

export type TaskRow = typeof tasks.$inferSelect
type User = typeof users.$inferSelect

/**
 * A new QUEUED task, refused when a slide's media or its music file is not the user's, the
 * composition is over the plan's render budget or the plan's monthly limit is reached.
 */
export async function requestRender(db: Db, user: User, composition: Composition) {
  // One request per user at a time, so two quick clicks cannot both pass the limit.
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    // Under the lock, which deleting media takes too: no deletion can slip in before the task.
    await ownedMedia(
      tx,
      user.id,
      composition.composition.map((s) => s.filename),
    )
    await checkMusicOwner(tx, user.id, composition)
    if (!isWithinRenderBudget(composition, user.plan)) {
      throw new AppError('msg_composition_too_costly')
    }
    if (isVideoLimitReached(await rendersThisPeriod(tx, user), user.plan)) {
      throw new AppError('msg_video_limit_reached')
    }
    const [row] = await tx
      .insert(tasks)
      .values({ userId: user.id, composition: { ...composition, renderedVideoUrl: null } })
      .returning()
    return row!
  })
}

/** A task no run is working on: queued, or executing between a failed run and its retry. */
const waitingForRun = or(
  eq(tasks.state, 'QUEUED'),
  and(eq(tasks.state, 'EXECUTING'), eq(tasks.subtask, 'AWAITING_EXECUTION')),
)

/** Records the queue job that will render the task, while the task waits for a run. */
export async function attachJob(db: Db, taskId: string, jobId: string) {
  await db
    .update(tasks)
    .set({ jobId, updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), waitingForRun))
}

/** Ends a task that never reached the queue. */
export async function cancelUnqueued(db: Db, taskId: string) {
  await db
    .update(tasks)
    .set({ state: 'CANCELLED', cancelReason: 'not_queued', updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), eq(tasks.state, 'QUEUED')))
}

/**
 * A run takes the task: from QUEUED, or from EXECUTING when a retry follows a failed or dead
 * run. Null when the task is already settled (finished, cancelled or deleted); 'busy' when
 * another task of the same user runs (its heartbeat newer than `liveSince`), so that one account
 * holds one worker at most.
 */
export async function claimTask(
  db: Db,
  taskId: string,
  run: { runId: string; jobId: string; liveSince: Date },
): Promise<TaskRow | 'busy' | null> {
  return db.transaction(async (tx) => {
    const [task] = await tx.select({ userId: tasks.userId }).from(tasks).where(eq(tasks.id, taskId))
    if (!task) return null
    // Two workers claiming two tasks of one user must not both see the other as not running.
    await lockUser(tx, task.userId)
    const [row] = await tx
      .update(tasks)
      .set({
        state: 'EXECUTING',
        subtask: 'PROCESSING_COMPOSITION',
        progress: 0,
        jobId: run.jobId,
        runId: run.runId,
        heartbeatAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(tasks.id, taskId),
          inArray(tasks.state, ['QUEUED', 'EXECUTING']),
          sql`not exists (
            select 1 from tasks other
            where other.user_id = ${task.userId} and other.id <> ${taskId}
              and other.state = 'EXECUTING' and other.heartbeat_at > ${run.liveSince.toISOString()}::timestamptz
          )`,
        ),
      )
      .returning()
    if (row) return row
    const [current] = await tx.select().from(tasks).where(eq(tasks.id, taskId))
    return current && !isSettled(current) ? 'busy' : null
  })
}

/** Changes the task only while this run owns it; false means the run must stop. */
async function updateOwned(db: Db, taskId: string, runId: string, patch: Partial<TaskRow>) {
  const rows = await db
    .update(tasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), eq(tasks.runId, runId), eq(tasks.state, 'EXECUTING')))
    .returning({ id: tasks.id })
  return rows.length > 0
}

/** The run is alive: its progress and subtask. */
export function beat(
  db: Db,
  taskId: string,
  runId: string,
  at: { progress: number; subtask: TaskSubtask },
) {
  return updateOwned(db, taskId, runId, { heartbeatAt: new Date(), ...at })
}

/** A thumbnail from the first frames is stored: the render page shows it while rendering. */
export function showThumbnail(db: Db, taskId: string, runId: string) {
  return updateOwned(db, taskId, runId, { hasThumbnail: true })
}

/** The result and thumbnail are stored: the task is FINISHED. */
export function finishTask(db: Db, taskId: string, runId: string, rendered: RenderedComposition) {
  return updateOwned(db, taskId, runId, {
    state: 'FINISHED',
    // As rendered: narration may have stretched slides, and the task's answer shows the video.
    // In SPEC's shape all the same: the schema drops the slides' spoken words.
    composition: CompositionSchema.parse(rendered),
    subtask: null,
    progress: 100,
    hasResult: true,
    hasThumbnail: true,
  })
}

/** The run failed and the queue will try again: the task waits for its next run. */
export function awaitRetry(db: Db, taskId: string, runId: string) {
  return updateOwned(db, taskId, runId, { subtask: 'AWAITING_EXECUTION', progress: null })
}

/** The run failed for good or was stopped: the task ends CANCELLED for this reason. */
export function failTask(db: Db, taskId: string, runId: string, reason: CancelReason) {
  return updateOwned(db, taskId, runId, {
    state: 'CANCELLED',
    subtask: null,
    progress: null,
    cancelReason: reason,
  })
}

/** The owner deletes the task; a running render sees it at its next heartbeat and stops. */
export async function deleteTask(db: Db, taskId: string) {
  await db
    .update(tasks)
    .set({
      state: 'DELETED',
      subtask: null,
      progress: null,
      hasResult: false,
      hasThumbnail: false,
      updatedAt: new Date(),
    })
    .where(and(eq(tasks.id, taskId), ne(tasks.state, 'DELETED')))
}

export async function loadTask(db: Db, taskId: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId))
  return row ?? null
}

export const isSettled = (row: TaskRow) =>
  (FINAL_TASK_STATES as readonly string[]).includes(row.state)

/** EXECUTING tasks whose run stopped beating before `before`: their worker is presumed dead. */
export function staleTasks(db: Db, before: Date): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.state, 'EXECUTING'),
        or(lt(tasks.heartbeatAt, before), isNull(tasks.heartbeatAt)),
        lt(tasks.updatedAt, before),
      ),
    )
}

/** A dead run's task goes back to waiting for the queue's retry; the dead run owns it no more. */
export async function releaseStale(db: Db, task: TaskRow) {
  await db
    .update(tasks)
    .set({ subtask: 'AWAITING_EXECUTION', progress: null, runId: null, updatedAt: new Date() })
    .where(and(eq(tasks.id, task.id), eq(tasks.state, 'EXECUTING'), eqRun(task.runId)))
}

/** A dead run's task with no retry left ends CANCELLED: its workers failed, not its user. */
export async function giveUpStale(db: Db, task: TaskRow) {
  await db
    .update(tasks)
    .set({
      state: 'CANCELLED',
      subtask: null,
      progress: null,
      runId: null,
      cancelReason: 'render_failed',
      updatedAt: new Date(),
    })
    .where(and(eq(tasks.id, task.id), eq(tasks.state, 'EXECUTING'), eqRun(task.runId)))
}

const eqRun = (runId: string | null) => (runId ? eq(tasks.runId, runId) : isNull(tasks.runId))

/** Run ids of the tasks that are EXECUTING among these, to tell live work folders from dead. */
export async function liveRuns(db: Db, taskIds: string[]): Promise<Set<string>> {
  if (taskIds.length === 0) return new Set()
  const rows = await db
    .select({ id: tasks.id, runId: tasks.runId })
    .from(tasks)
    .where(and(inArray(tasks.id, taskIds), eq(tasks.state, 'EXECUTING')))
  return new Set(rows.map((t) => `${t.id}/${t.runId}`))
}
