import type { FastifyInstance } from 'fastify'
import { logApi } from '@storyreel/core'
import { route } from '../../http/route'
import { requireUser } from '../../plugins/session'

/** An error report is a message and a stack, not a file. */
const LOG_BODY_LIMIT = 16 * 1024
/** Reports per signed-in user a minute: a crash loop reports, a script cannot fill the logs. */
const LOG_REPORTS_PER_MINUTE = 10

/** Errors the app could not handle, reported by the signed-in browser for us to see in the logs. */
export async function logRoutes(app: FastifyInstance) {
  route(
    app,
    logApi.error,
    async (req) => {
      const user = requireUser(req)
      req.log.warn({ clientError: req.body.error, userId: user.id }, 'client error')
      return null
    },
    {
      bodyLimit: LOG_BODY_LIMIT,
      config: {
        rateLimit: {
          max: LOG_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => req.user?.id ?? req.ip,
        },
      },
    },
  )
}
