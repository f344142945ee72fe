import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Storage } from '../adapters/storage/storage'
import type { Db } from '../db/client'
import { liveRuns, staleTasks } from '../services/render-tasks'
import { HEARTBEAT_STALE_MS, workOf } from './liveness'
import { recoverStale } from './task-life'

const CHECK_EVERY_MS = 5000

/**
 * Finds tasks whose worker stopped beating (killed, machine gone) and hands each to another
 * worker, or gives it up, as the task's life says (recoverStale). Every worker process runs one;
 * doing it twice is harmless.
 */
export async function recoverStaleTasks(deps: {
  boss: PgBoss
  db: Db
  storage: Storage
  log: FastifyBaseLogger
}) {
  const stale = await staleTasks(deps.db, new Date(Date.now() - HEARTBEAT_STALE_MS))
  for (const task of stale) await recoverStale(deps, task)
}

/**
 * Removes the work folders of runs that no longer own their task: what a killed worker left on
 * this machine. A run that still owns its task keeps its folder; so does a range of a split
 * render (decision 016) while its task renders, since a range has no run of its own.
 */
export async function sweepOrphanWork(dataDir: string, db: Db) {
  const entries = await readdir(path.join(dataDir, 'tmp')).catch(() => [])
  const runs = entries.flatMap((name) => {
    const work = workOf(name)
    return work ? [{ name, ...work }] : []
  })
  if (runs.length === 0) return
  const live = await liveRuns(
    db,
    runs.map((r) => r.taskId),
  )
  const rendering = new Set([...live].map((run) => run.split('/')[0]))
  for (const run of runs) {
    const alive = run.range ? rendering.has(run.taskId) : live.has(`${run.taskId}/${run.runId}`)
    if (!alive) await rm(path.join(dataDir, 'tmp', run.name), { recursive: true, force: true })
  }
}

export function startSupervisor(
  boss: PgBoss,
  deps: { db: Db; storage: Storage; dataDir: string; log: FastifyBaseLogger },
) {
  const timer = setInterval(() => {
    recoverStaleTasks({ boss, ...deps })
      .then(() => sweepOrphanWork(deps.dataDir, deps.db))
      .catch((err) => deps.log.warn({ err }, 'supervisor check failed'))
  }, CHECK_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
