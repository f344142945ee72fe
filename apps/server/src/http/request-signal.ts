import type { FastifyReply } from 'fastify'

/**
 * A signal that aborts when the client goes away before its answer is sent (a closed tab, a
 * dropped connection), so slow work done only for that answer, such as AI calls, stops too.
 */
export function requestSignal(res: FastifyReply): AbortSignal {
  const controller = new AbortController()
  res.raw.once('close', () => {
    if (!res.raw.writableFinished) controller.abort(new Error('the client closed the request'))
  })
  return controller.signal
}
