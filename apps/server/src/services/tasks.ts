import { and, eq, lt, sql } from 'drizzle-orm'
import type { Task } from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { AppError } from '../lib/app-error'

export type TaskRow = typeof tasks.$inferSelect

/** Queued tasks created before this one, of every user: the queue is shared. */
async function positionInQueue(db: Db, row: TaskRow): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.state, 'QUEUED'), lt(tasks.createdAt, row.createdAt)))
  return r?.n ?? 0
}

export async function toTask(db: Db, row: TaskRow): Promise<Task> {
  return {
    id: row.id,
    state: row.state,
    subtask: row.subtask,
    positionInQueue: row.state === 'QUEUED' ? await positionInQueue(db, row) : null,
    progress: row.state === 'EXECUTING' ? (row.progress ?? 0) : null,
    taskFiles: row.hasResult ? [{ id: row.id }] : [],
    error: row.error,
    thumbnailUrl: row.hasThumbnail ? `/api/web/tasks/thumbnail/${row.id}/image` : null,
    createdAt: row.createdAt.toISOString(),
  }
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
