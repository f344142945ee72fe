import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

const LogBodySchema = z.object({
  error: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]),
})

/** Errors the app could not handle, reported by the browser for us to see in the logs. */
export async function logRoutes(app: FastifyInstance) {
  app.post('/log/error', async (req) => {
    const { error } = LogBodySchema.parse(req.body)
    req.log.warn({ clientError: error, userId: req.user?.id }, 'client error')
    return { data: null, message: null }
  })
}
