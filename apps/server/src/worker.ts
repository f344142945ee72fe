import pino from 'pino'
import { openDatabase } from './db/client'
import { parseEnv } from './env'
import { openStorage } from './lib/open-storage'
import { startRenderQueue } from './queue/render-queue'
import { startRenderWorkers } from './queue/render-worker'

/**
 * A standalone render worker. Workers share the server's PostgreSQL and file store; PGlite
 * belongs to one process, so on the embedded default the server's own worker is the only one.
 */
const env = parseEnv(process.env)
if (!env.DATABASE_URL) {
  console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the server.')
  process.exit(1)
}
const log = pino({ level: env.LOG_LEVEL })
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
const queue = await startRenderQueue(database.sql)
const stopSupervisor = await startRenderWorkers(
  queue,
  {
    db: database.db,
    storage: openStorage(env),
    dataDir: env.DATA_DIR,
    ffmpegPath: env.FFMPEG_PATH,
    log,
  },
  env.WORKER_CONCURRENCY,
)
log.info({ concurrency: env.WORKER_CONCURRENCY }, 'render worker started')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopSupervisor()
    void queue
      .stop({ graceful: true, wait: true })
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}
