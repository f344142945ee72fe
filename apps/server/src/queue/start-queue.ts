import PgBoss from 'pg-boss'
import type { SqlExecutor } from '../db/client'
import { renderRangeQueue } from './jobs/render-range'
import { QUEUE_SCHEMA } from './pg-boss-tables'
import { renderVideoQueue, shortRenderQueue } from './task-life'

/** Every job type's queue, with its retry and expiry policy. */
const QUEUES = [renderVideoQueue, shortRenderQueue, renderRangeQueue]

/**
 * Jobs are durable pg-boss jobs in the same database (PGlite or PostgreSQL). pg-boss 10 has no
 * heartbeat of its own: the supervisor (./supervisor.ts) fails the job of a worker that stopped
 * beating so that another picks it up; the long expiry is only the last resort.
 */
export async function startQueue(sql: SqlExecutor): Promise<PgBoss> {
  const boss = new PgBoss({ db: sql, schema: QUEUE_SCHEMA, supervise: true, schedule: false })
  boss.on('error', (err) => console.error('queue error', err))
  await boss.start()
  for (const queue of QUEUES) await boss.createQueue(queue.name, queue)
  return boss
}
