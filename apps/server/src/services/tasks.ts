import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Task } from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { AppError } from '../lib/app-error'

export type TaskRow = typeof tasks.$inferSelect

function taskView(row: TaskRow, positionInQueue: number | null): Task {
  return {
    id: row.id,
    state: row.state,
    subtask: row.subtask,
    positionInQueue,
    progress: row.state === 'EXECUTING' ? (row.progress ?? 0) : null,
    taskFiles: row.hasResult ? [{ id: row.id }] : [],
    error: row.error,
    thumbnailUrl: row.hasThumbnail ? `/api/web/tasks/thumbnail/${row.id}/image` : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Tasks as the API shows them, each with its place in the shared queue (the queued tasks of every
 * user created before it), in one query.
 */
async function taskViews(db: Db, where: SQL | undefined): Promise<Task[]> {
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
  return rows.map((r) => taskView(r.task, r.task.state === 'QUEUED' ? r.ahead : null))
}

/** The user's tasks, newest first. */
export function userTaskViews(db: Db, userId: string): Promise<Task[]> {
  return taskViews(db, eq(tasks.userId, userId))
}

/** The user's own task as the API shows it: the render page polls this. */
export async function ownedTaskView(db: Db, userId: string, id: string): Promise<Task> {
  const [task] = await taskViews(db, and(eq(tasks.id, id), eq(tasks.userId, userId)))
  if (!task) throw new AppError('msg_task_not_found')
  return task
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

export async function updateTask(db: Db, id: string, patch: Partial<TaskRow>) {
  await db
    .update(tasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(tasks.id, id))
}
