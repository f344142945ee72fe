import pino from 'pino'
import { parseEnv } from './env'
import { openServices } from './open-services'

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
const services = await openServices(env, log, { workers: true })
log.info({ concurrency: env.WORKER_CONCURRENCY }, 'render worker started')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info(`${signal}: handing running renders back and stopping`)
    void services.close().then(() => process.exit(0))
  })
}
