import PgBoss from 'pg-boss'
import type { SqlExecutor } from '../db/client'

export const RENDER_QUEUE = 'render'

export interface RenderJob {
  taskId: string
}

/** Retries before a render is given up; a retry also follows a worker that died mid-render. */
export const RENDER_RETRY_LIMIT = 2

/**
 * Render tasks are durable pg-boss jobs in the same database (PGlite or PostgreSQL). pg-boss 10
 * has no heartbeat of its own: the supervisor (./supervisor.ts) fails the job of a worker that
 * stopped beating so that another picks it up; the long expiry is only the last resort.
 */
export async function startRenderQueue(sql: SqlExecutor): Promise<PgBoss> {
  const boss = new PgBoss({ db: sql, schema: 'pgboss', supervise: true, schedule: false })
  boss.on('error', (err) => console.error('queue error', err))
  await boss.start()
  await boss.createQueue(RENDER_QUEUE, {
    name: RENDER_QUEUE,
    retryLimit: RENDER_RETRY_LIMIT,
    retryDelay: 1,
    expireInSeconds: 60 * 60,
  })
  return boss
}

export async function enqueueRender(boss: PgBoss, job: RenderJob): Promise<string> {
  const id = await boss.send(RENDER_QUEUE, job)
  if (!id) throw new Error(`render job for task ${job.taskId} was not queued`)
  return id
}
