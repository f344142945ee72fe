import { existsSync } from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import type PgBoss from 'pg-boss'
import { UPLOAD_RULES } from '@storyreel/core'
import { openDatabase, type Database, type Db } from './db/client'
import type { Env } from './env'
import { outboxMailer, smtpMailer, type Mailer } from './lib/mailer'
import { loadSecret } from './lib/secret'
import { openStorage } from './lib/open-storage'
import type { Storage } from './lib/storage'
import { csrfPlugin } from './plugins/csrf'
import { errorHandler } from './plugins/error-handler'
import { sessionPlugin } from './plugins/session'
import { startRenderQueue } from './queue/render-queue'
import { startRenderWorkers } from './queue/render-worker'
import { authRoutes } from './routes/auth'
import { compositionRoutes } from './routes/composition'
import { logRoutes } from './routes/log'
import { mediaRoutes } from './routes/media'
import { taskRoutes } from './routes/tasks'

export interface Services {
  env: Env
  db: Db
  storage: Storage
  mail: Mailer
  secret: string
  queue: PgBoss
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}

/** Most files a single upload request may carry. */
const MAX_FILES_PER_REQUEST = 50

/**
 * Builds the whole server without listening: tests call inject() on it, server.ts listens.
 * It opens the database, the file store and the render queue, and closes them on close().
 */
export async function buildApp(
  env: Env,
  opts: { worker?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  })

  const database: Database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  })
  const queue = await startRenderQueue(database.sql)
  const storage = openStorage(env)
  app.decorate('services', {
    env,
    db: database.db,
    storage,
    mail: env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(path.join(env.DATA_DIR, 'outbox'), app.log),
    secret: await loadSecret(env.DATA_DIR, env.SECRET),
    queue,
  } satisfies Services)
  let stopSupervisor = () => {}
  app.addHook('onClose', async () => {
    stopSupervisor()
    await queue.stop({ graceful: false, wait: true })
    await database.close()
  })
  if (opts.worker) {
    stopSupervisor = await startRenderWorkers(
      queue,
      {
        db: database.db,
        storage,
        dataDir: env.DATA_DIR,
        ffmpegPath: env.FFMPEG_PATH,
        log: app.log,
      },
      env.WORKER_CONCURRENCY,
    )
  }

  const secureCookies = env.PUBLIC_URL?.startsWith('https://') ?? false
  await app.register(errorHandler)
  await app.register(cookie)
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_RULES.maxBytes, files: MAX_FILES_PER_REQUEST, fields: 10 },
  })
  await app.register(
    async (api) => {
      await api.register(sessionPlugin, { secureCookies })
      await api.register(csrfPlugin, { secureCookies })
      await api.register(authRoutes)
      await api.register(mediaRoutes)
      await api.register(compositionRoutes)
      await api.register(taskRoutes)
      await api.register(logRoutes)
    },
    { prefix: '/api' },
  )

  const web =
    env.WEB_DIST && existsSync(path.join(env.WEB_DIST, 'index.html')) ? env.WEB_DIST : null
  if (web) await app.register(fastifyStatic, { root: web, wildcard: false })
  app.setNotFoundHandler((req, res) => {
    // The web app routes in the browser: every page URL gets its index.html.
    if (web && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return res.sendFile('index.html')
    }
    return res.status(404).send({ data: null, message: 'msg_not_found' })
  })
  return app
}
