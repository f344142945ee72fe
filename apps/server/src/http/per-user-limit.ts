import type { FastifyRequest } from 'fastify'

/**
 * A route's `config` that limits it to `max` requests per signed-in user each `windowMs`. The
 * session is checked before the limit (requestGate), so a request without one is refused
 * uncounted; the address only keys a request that somehow has no user.
 */
export function perUserLimit(max: number, windowMs = 60_000) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
    },
  }
}
