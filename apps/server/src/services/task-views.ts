import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import {
  CANCEL_REASONS,
  CompositionSchema,
  compositionDuration,
  thumbnailImageUrl,
  videoResultUrl,
  type Task,
} from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { AppError } from '../http/app-error'
import type { TaskRow } from './render-tasks'

function taskView(row: TaskRow, positionInQueue: number | null): Task {
  return {
    id: row.id,
    state: row.state,
    subtask: row.subtask,
    positionInQueue,
    progress: row.state === 'EXECUTING' ? (row.progress ?? 0) : null,
    taskFiles: row.hasResult ? [{ id: row.id }] : [],
    error: row.cancelReason && CANCEL_REASONS[row.cancelReason].text,
    thumbnailUrl: row.hasThumbnail ? thumbnailImageUrl(row.id) : null,
    // A finished task keeps the composition as rendered (finishTask): its length is the video's.
    videoSeconds: row.hasResult ? compositionDuration(row.composition) : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Tasks as the API shows them, each with its place in the shared queue (the queued tasks of every
 * user created before it), in one query.
 */
async function taskViews(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({
      task: tasks,
      // Spelled out: drizzle leaves a lone table's columns unqualified, which the subquery's
      // own alias would capture.
      ahead: sql<number>`(select count(*)::int from tasks q where q.state = 'QUEUED' and q.created_at < tasks.created_at)`,
    })
    .from(tasks)
    .where(where)
    .orderBy(desc(tasks.createdAt))
  return rows.map((r) => ({
    row: r.task,
    view: taskView(r.task, r.task.state === 'QUEUED' ? r.ahead : null),
  }))
}

/**
 * The user's tasks, newest first. Deleted ones are left out: the user deleted them from this list
 * (their row stays for the render page, which says the render was deleted).
 */
export async function userTaskViews(db: Db, userId: string): Promise<Task[]> {
  const where = and(eq(tasks.userId, userId), ne(tasks.state, 'DELETED'))
  return (await taskViews(db, where)).map((t) => t.view)
}

/**
 * The user's own task as the render page polls it, with its composition; once FINISHED the
 * composition carries its renderedVideoUrl.
 */
export async function ownedTaskView(db: Db, userId: string, id: string): Promise<Task> {
  const [task] = await taskViews(db, and(eq(tasks.id, id), eq(tasks.userId, userId)))
  if (!task) throw new AppError('msg_task_not_found')
  const renderedVideoUrl = task.row.hasResult ? videoResultUrl(id) : null
  // A task stored before today's bounds may no longer fit the schema: it is shown without its
  // composition rather than failing the page that polls it.
  const stored = CompositionSchema.safeParse(task.row.composition)
  if (!stored.success) return task.view
  return { ...task.view, composition: { ...stored.data, renderedVideoUrl } }
}

/** The user's own task; another user's is as missing as one that never existed. */
export async function ownedTask(db: Db, userId: string, id: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
  if (!row) throw new AppError('msg_task_not_found')
  return row
}
