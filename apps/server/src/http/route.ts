import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { z } from 'zod'
import { envelope, type AnswerOf, type Endpoint } from '@storyreel/core'
import type { SessionUser } from '../plugins/session'
import { bodyLimitOf, requestGate } from './request-gate'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/**
 * A request whose params, query and body have passed the endpoint's schemas, with its signed-in
 * user unless the endpoint is public.
 */
export type RouteRequest<E extends Endpoint> = FastifyRequest & {
  params: Parsed<E['params']>
  query: Parsed<E['query']>
  body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown
  user: E['public'] extends true ? SessionUser | null : SessionUser
}

/** A JSON endpoint's handler returns its data; a binary one sends the reply itself. */
type Handler<E extends Endpoint> = (
  req: RouteRequest<E>,
  res: FastifyReply,
) => Promise<E['answer'] extends 'binary' ? FastifyReply : AnswerOf<E>>

/**
 * Registers the route of an endpoint declared in core. Before its body is read, a request
 * without a session (unless the endpoint is public) or with a body over the endpoint's limit is
 * refused (requestGate); then its params, query and body are validated by their zod schemas (a
 * failure answers msg_zod_validation_error with the field names), and a JSON answer is wrapped
 * in `{ data, message }` and serialized through its schema, so no undeclared field can leak.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  options: Pick<RouteShorthandOptions, 'config'> = {},
) {
  const json = e.answer !== 'binary'
  app.route({
    ...options,
    method: e.method,
    url: e.path,
    bodyLimit: bodyLimitOf(e),
    ...requestGate(e),
    schema: {
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && e.body !== 'multipart' && { body: e.body }),
      ...(e.answer !== 'binary' && { response: { 200: envelope(e.answer) } }),
    },
    async handler(req, res) {
      const answer = await handler(req as RouteRequest<E>, res)
      return json ? { data: answer, message: null } : answer
    },
  })
}
