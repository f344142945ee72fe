import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import sharp from 'sharp'
import { openAdapters, type Adapters } from './adapters'
import { openDatabase, type Db } from './db/client'
import type { Env } from './env'
import { loadSecret } from './lib/secret'
import { renderTimeLimit, splitConfig } from './queue/jobs/render-video'
import { startQueue } from './queue/start-queue'
import { startWorkers } from './queue/start-workers'
import { speechCacheBytes } from './services/speech'

export interface Services extends Adapters {
  env: Env
  db: Db
  secret: string
  queue: PgBoss
}

/**
 * Opens everything the server and the standalone worker share: the database, the adapters and
 * the job queue, with job workers when asked. `close()` stops them in the order that loses
 * nothing: the workers (running jobs stop and go back to the queue), then the queue, and
 * the database last, once nothing uses it.
 */
export async function openServices(
  env: Env,
  log: FastifyBaseLogger,
  opts: { workers: boolean },
): Promise<Services & { close(): Promise<void> }> {
  // libvips keeps recent images (up to 50 MB) for operations repeated on them; ours are not, so
  // its cache only held memory that the idle server never gave back (decision 015).
  sharp.cache(false)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  const adapters = openAdapters(env, log)
  const queue = await startQueue(database.sql)
  const stopWorkers = opts.workers
    ? startWorkers(
        queue,
        {
          db: database.db,
          storage: adapters.storage,
          dataDir: env.DATA_DIR,
          tools: { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH },
          log,
          timeLimit: renderTimeLimit(env),
          voice: adapters.voice,
          speechCacheBytes: speechCacheBytes(env),
          split: splitConfig(env),
        },
        { main: env.WORKER_CONCURRENCY, short: env.SHORT_RENDER_SLOTS },
      )
    : async () => {}
  return {
    ...adapters,
    env,
    db: database.db,
    secret: await loadSecret(env.DATA_DIR, env.SECRET),
    queue,
    async close() {
      await stopWorkers()
      await queue.stop({ graceful: true, wait: true, timeout: 30_000 })
      await database.close()
    },
  }
}
