import type { FastifyInstance } from 'fastify'
import { logApi } from '@storyreel/core'
import { perUserLimit } from '../../http/per-user-limit'
import { route } from '../../http/route'

/** Reports per signed-in user a minute: a crash loop reports, a script cannot fill the logs. */
const LOG_REPORTS_PER_MINUTE = 10

/** Errors the app could not handle, reported by the signed-in browser for us to see in the logs. */
export async function logRoutes(app: FastifyInstance) {
  route(
    app,
    logApi.error,
    async (req) => {
      req.log.warn({ clientError: req.body.error, userId: req.user.id }, 'client error')
      return null
    },
    { config: perUserLimit(LOG_REPORTS_PER_MINUTE) },
  )
}
