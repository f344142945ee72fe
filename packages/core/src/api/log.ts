import { z } from 'zod'
import { endpoint } from './endpoint'

export const LogErrorBodySchema = z.object({
  error: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]),
})

export const logApi = {
  /** Errors the app could not handle, reported by the browser for us to see in the logs. */
  error: endpoint({
    method: 'POST',
    path: '/log/error',
    body: LogErrorBodySchema,
    answer: z.null(),
  }),
}
