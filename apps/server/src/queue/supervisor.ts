import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { updateTask } from '../services/tasks'
import { RENDER_QUEUE } from './render-queue'

/**
 * A rendering worker writes its task's heartbeat, with its progress, this often (fresh enough for
 * the page's 2 s poll)...
 */
export const HEARTBEAT_EVERY_MS = 1000
/** ...and is presumed dead when it has not for this long. */
export const HEARTBEAT_STALE_MS = 20_000
const CHECK_EVERY_MS = 5000

/**
 * Finds tasks whose worker stopped beating (killed, machine gone) and fails their job, so that
 * pg-boss hands it to another worker; when no retry is left the task ends CANCELLED. Every
 * worker process runs one; doing it twice is harmless, since failing a job already failed
 * changes nothing.
 */
export async function recoverStaleTasks(boss: PgBoss, db: Db, log: FastifyBaseLogger) {
  const staleBefore = new Date(Date.now() - HEARTBEAT_STALE_MS)
  const stale = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.state, 'EXECUTING'),
        or(lt(tasks.heartbeatAt, staleBefore), isNull(tasks.heartbeatAt)),
        lt(tasks.updatedAt, staleBefore),
      ),
    )
  for (const task of stale) {
    log.warn({ taskId: task.id }, 'render worker stopped; handing the task to another')
    if (task.jobId) await boss.fail(RENDER_QUEUE, task.jobId, { message: 'worker stopped' })
    const job = task.jobId ? await boss.getJobById(RENDER_QUEUE, task.jobId) : null
    if (job && job.state === 'retry') {
      await updateTask(db, task.id, { subtask: 'AWAITING_EXECUTION', progress: null, runId: null })
    } else if (!job || job.state === 'failed') {
      await updateTask(db, task.id, {
        state: 'CANCELLED',
        subtask: null,
        progress: null,
        runId: null,
        error: 'The video could not be rendered: the render stopped too many times.',
      })
    }
  }
}

/** A run renders in its own folder, named so the sweep below knows whose it is. */
export function workDir(dataDir: string, taskId: string, runId: string) {
  return path.join(dataDir, 'tmp', `render-${taskId}-${runId}`)
}

const WORK_DIR_NAME = /^render-([0-9a-f-]{36})-([0-9a-f-]{36})$/

/**
 * Removes the work folders of runs that no longer own their task: what a killed worker left on
 * this machine. A run that still owns its task keeps its folder.
 */
export async function sweepOrphanWork(dataDir: string, db: Db) {
  const entries = await readdir(path.join(dataDir, 'tmp')).catch(() => [])
  const runs = entries.flatMap((name) => {
    const m = WORK_DIR_NAME.exec(name)
    return m ? [{ name, taskId: m[1]!, runId: m[2]! }] : []
  })
  if (runs.length === 0) return
  const owners = await db
    .select({ id: tasks.id, runId: tasks.runId, state: tasks.state })
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        runs.map((r) => r.taskId),
      ),
    )
  const live = new Set(
    owners.filter((t) => t.state === 'EXECUTING').map((t) => `${t.id}/${t.runId}`),
  )
  for (const run of runs) {
    if (!live.has(`${run.taskId}/${run.runId}`)) {
      await rm(path.join(dataDir, 'tmp', run.name), { recursive: true, force: true })
    }
  }
}

export function startSupervisor(
  boss: PgBoss,
  deps: { db: Db; dataDir: string; log: FastifyBaseLogger },
) {
  const timer = setInterval(() => {
    recoverStaleTasks(boss, deps.db, deps.log)
      .then(() => sweepOrphanWork(deps.dataDir, deps.db))
      .catch((err) => deps.log.warn({ err }, 'supervisor check failed'))
  }, CHECK_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
