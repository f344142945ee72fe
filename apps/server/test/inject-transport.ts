import type { Transport } from '@storyreel/api-client'
import type { FastifyInstance, HTTPMethods } from 'fastify'

/**
 * Requests through Fastify's `inject`: the whole app, its hooks and plugins, with no socket and no
 * port. Fastify's own tests go this way; a test that needs a real socket (a stream it aborts, a
 * slow client) uses fetchTransport instead. `origin` is the address the requests are made to, as
 * their Host header says: the server builds its own links (Stripe's return URLs) from it.
 * `remoteAddress` is the client's address as the server sees it.
 */
export function injectTransport(
  app: FastifyInstance,
  origin: string,
  remoteAddress?: string,
): Transport {
  const host = new URL(origin).host
  return async ({ method, path, headers, body }) => {
    const res = await app.inject({
      method: method as HTTPMethods,
      url: path,
      headers: { host, ...headers },
      ...(remoteAddress && { remoteAddress }),
      payload: body instanceof Uint8Array ? Buffer.from(body) : body,
    })
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of [value].flat()) if (one !== undefined) answerHeaders.append(name, `${one}`)
    }
    return { status: res.statusCode, headers: answerHeaders, body: res.rawPayload }
  }
}
