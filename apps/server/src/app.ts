import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import multipart from '@fastify/multipart'
import { API_PREFIX, UPLOAD_RULES } from '@storyreel/core'
import { stockMediaSources } from './adapters/stock'
import type { Env } from './env'
import { clientErrorHandler } from './http/client-error'
import { cookiePolicy } from './http/cookies'
import { requestLogLevel } from './http/request-log'
import { requestTimeouts } from './http/request-timeouts'
import { securityHeaders } from './http/security-headers'
import { isPageRequest, sendPage, serveWebApp } from './http/web-app'
import { openServices, type Services } from './open-services'
import { GOOGLE_PICTURE_SOURCE } from './services/google-identity'
import { csrfPlugin } from './plugins/csrf'
import { errorHandler } from './plugins/error-handler'
import { sessionPlugin } from './plugins/session'
import { audioRoutes } from './routes/audio'
import { audioFileRoutes } from './routes/audio-files'
import { authRoutes } from './routes/auth'
import { compositionRoutes } from './routes/composition'
import { logRoutes } from './routes/log'
import { mediaRoutes } from './routes/media'
import { stockRoutes } from './routes/stock'
import { stripeRoutes } from './routes/stripe'
import { stripeWebhookRoutes } from './routes/stripe/webhook'
import { taskRoutes } from './routes/tasks'

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}

/** Most files a single upload request may carry. */
const MAX_FILES_PER_REQUEST = 50

/**
 * Builds the whole server without listening: tests call inject() on it, server.ts listens.
 * It opens the database, the adapters and the job queue (with a render worker when asked), and
 * closes them on close(). The log goes to stdout, or to `logStream` (tests read it there).
 */
export async function buildApp(
  env: Env,
  opts: { worker?: boolean; logStream?: Writable } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      ...(opts.logStream && { stream: opts.logStream }),
      // A person at a terminal reads lines; everything else (files, collectors, tests) gets JSON.
      ...(process.stdout.isTTY &&
        !opts.logStream &&
        env.NODE_ENV !== 'production' && {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' },
          },
        }),
    },
    // Two lines per request drown everything else (the render page polls every 2 s): requests
    // are logged once, at debug, unless they fail on our side.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    ...requestTimeouts(env.REQUEST_TIMEOUT_SECONDS),
    clientErrorHandler,
  })

  const services = await openServices(env, app.log, { workers: opts.worker ?? false })
  app.decorate('services', services)
  app.addHook('onResponse', async (req, res) => {
    const line = {
      method: req.method,
      url: req.url,
      status: res.statusCode,
      ms: Math.round(res.elapsedTime),
    }
    const level = requestLogLevel(res.statusCode)
    req.log[level](line, level === 'error' ? 'request failed' : 'request')
  })
  app.addHook('onClose', () => services.close())

  const cookies = cookiePolicy(env)
  const sessionCookie = cookies.name('sr_session')
  await app.register(errorHandler)
  await app.register(
    helmet,
    securityHeaders({
      https: cookies.secure,
      mediaHosts: [
        ...stockMediaSources(env),
        ...(env.GOOGLE_CLIENT_ID ? [GOOGLE_PICTURE_SOURCE] : []),
      ],
    }),
  )
  await app.register(cookie)
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_RULES.maxBytes, files: MAX_FILES_PER_REQUEST, fields: 10 },
  })
  await app.register(
    async (api) => {
      // Per-route limits only (routes opt in through their config).
      await api.register(rateLimit, { global: false })
      await api.register(csrfPlugin, { cookies, sessionCookie })
      await api.register(sessionPlugin, { cookies, sessionCookie })
      await api.register(authRoutes)
      await api.register(mediaRoutes)
      await api.register(stockRoutes)
      await api.register(compositionRoutes)
      await api.register(audioRoutes)
      await api.register(audioFileRoutes)
      await api.register(taskRoutes)
      await api.register(logRoutes)
      await api.register(stripeRoutes)
    },
    { prefix: API_PREFIX },
  )
  // Beside the API scope, without its CSRF and session hooks: Stripe signs its calls instead.
  await app.register(stripeWebhookRoutes, { prefix: API_PREFIX })

  const web =
    env.WEB_DIST && existsSync(path.join(env.WEB_DIST, 'index.html')) ? env.WEB_DIST : null
  if (web) await serveWebApp(app, web)
  app.setNotFoundHandler((req, res) => {
    if (web && isPageRequest(req)) return sendPage(res)
    return res.status(404).send({ data: null, message: 'msg_not_found' })
  })
  return app
}
