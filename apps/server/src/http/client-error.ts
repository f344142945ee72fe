import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { MESSAGES, type MessageCode } from '@storyreel/core'

/** What Node's HTTP parser raised, as an answer: the spec's `{ data, message }` and a status. */
function answerTo(err: NodeJS.ErrnoException): { status: number; code: MessageCode } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: MESSAGES.msg_request_timeout.status, code: 'msg_request_timeout' }
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'msg_request_too_large' }
  // Bytes that are no HTTP request: the client's mistake, answered like malformed JSON.
  return { status: 400, code: 'generic_error_message' }
}

/**
 * Fastify's clientErrorHandler: answers a request Node gave up on before or while Fastify
 * handled it (too slow, headers too large, not HTTP), in the spec's format instead of Fastify's
 * own, then closes the connection. Such requests are the client's doing: logged at info.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is gone already: nothing to answer, nothing to report.
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const { status, code } = answerTo(err)
  this.log.info({ err, code }, 'client error')
  // As Node's own handler: never into an answer whose head is already sent.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ data: null, message: code })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy(err)
}
