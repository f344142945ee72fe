import { and, eq, lt, sql } from 'drizzle-orm'
import type { Task } from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { AppError } from '../lib/app-error'

export type TaskRow = typeof tasks.$inferSelect

/** The task with its place in the shared queue: the queued tasks of every user created before it. */
export async function toTask(db: Db, row: TaskRow): Promise<Task> {
  return taskView(row, row.state === 'QUEUED' ? await positionInQueue(db, row) : null)
}

async function positionInQueue(db: Db, row: TaskRow): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.state, 'QUEUED'), lt(tasks.createdAt, row.createdAt)))
  return r?.n ?? 0
}

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

/** The user's own task as the API shows it, in one query: the render page polls this. */
export async function ownedTaskView(db: Db, userId: string, id: string): Promise<Task> {
  const [row] = await db
    .select({
      task: tasks,
      // Spelled out: drizzle leaves a lone table's columns unqualified, which the subquery's
      // own alias would capture.
      ahead: sql<number>`(select count(*)::int from tasks q where q.state = 'QUEUED' and q.created_at < tasks.created_at)`,
    })
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
  if (!row) throw new AppError('msg_task_not_found')
  return taskView(row.task, row.task.state === 'QUEUED' ? row.ahead : null)
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
