import PgBoss from 'pg-boss'
import type { SqlExecutor } from '../db/client'

export const RENDER_QUEUE = 'render'

export interface RenderJob {
  taskId: string
}

/** Retries before a render is given up; a retry also follows a worker that died mid-render. */
export const RENDER_RETRY_LIMIT = 2

/**
 * Render tasks are durable pg-boss jobs in the same database (PGlite or PostgreSQL). A job whose
 * worker died stays active until it expires, then is retried by any worker.
 */
export async function startRenderQueue(sql: SqlExecutor): Promise<PgBoss> {
  const boss = new PgBoss({ db: sql, schema: 'pgboss', supervise: true, schedule: false })
  boss.on('error', (err) => console.error('queue error', err))
  await boss.start()
  await boss.createQueue(RENDER_QUEUE, {
    name: RENDER_QUEUE,
    retryLimit: RENDER_RETRY_LIMIT,
    retryDelay: 2,
    expireInSeconds: 15 * 60,
  })
  return boss
}

export async function enqueueRender(boss: PgBoss, job: RenderJob): Promise<void> {
  const id = await boss.send(RENDER_QUEUE, job)
  if (!id) throw new Error(`render job for task ${job.taskId} was not queued`)
}
