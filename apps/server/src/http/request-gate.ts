import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_BODY_BYTES, type Endpoint, type MessageCode } from '@storyreel/core'
import { AppError } from './app-error'

/** The largest body a route of this endpoint reads. */
export const bodyLimitOf = (e: Endpoint) => e.maxBodyBytes ?? DEFAULT_BODY_BYTES

/** A request without a session to an endpoint that needs one is refused. */
export const sessionRefusal = (e: Endpoint, signedIn: boolean): MessageCode | null =>
  e.public || signedIn ? null : 'msg_session_verification_failed'

/**
 * A body declared longer than the endpoint's limit is refused. One sent without a length is
 * counted as it is read, by the body parser or the upload's meter.
 */
export const sizeRefusal = (e: Endpoint, declaredBytes: number): MessageCode | null =>
  declaredBytes > bodyLimitOf(e) ? 'msg_request_too_large' : null

function refuse(req: FastifyRequest, res: FastifyReply, code: MessageCode | null) {
  if (!code) return
  // The body is never read: closing the connection after the answer drops the rest of it.
  if (req.headers['content-length'] || req.headers['transfer-encoding']) {
    res.header('connection', 'close')
  }
  throw new AppError(code)
}

/**
 * A route's hooks that refuse a request before a byte of its body is read or parsed, so a flood
 * of large JSON bodies costs no parsing or validation. The session is checked first, on request
 * (the session plugin's hook has found the user), before the route's rate limit counts the
 * request: one without a session is nobody's. The size is checked before parsing, after the
 * rate limit, so oversized bodies count against their sender.
 */
export function requestGate(e: Endpoint) {
  return {
    onRequest: async (req: FastifyRequest, res: FastifyReply) =>
      refuse(req, res, sessionRefusal(e, req.user !== null)),
    preParsing: async (req: FastifyRequest, res: FastifyReply) =>
      refuse(req, res, sizeRefusal(e, Number(req.headers['content-length'] ?? 0))),
  }
}
