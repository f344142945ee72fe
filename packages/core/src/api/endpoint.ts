import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

/**
 * The largest body an endpoint takes unless it declares more: a form's fields, a prompt, a list
 * of names. A few endpoints take more (a composition, an upload).
 */
export const DEFAULT_BODY_BYTES = 16 * 1024

/**
 * One call of SPEC section 7, declared once: the server registers its route from it (request and
 * response schemas) and the web client calls it (path, body, answer parsing).
 * `answer` is the schema of the envelope's `data`; 'binary' marks a file answer (video, image,
 * audio) sent as it is. `body: 'multipart'` marks an upload. The server refuses a request to an
 * endpoint that is not `public` without a session, and one whose body is over `maxBodyBytes`,
 * before reading its body.
 */
export interface Endpoint {
  method: HttpMethod
  /** Under the API prefix, with `:name` for each path param (Fastify's syntax). */
  path: string
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType | 'multipart'
  answer: z.ZodType | 'binary'
  /** Answers without a session: signing in, the CSRF token, what the sign-in page shows. */
  public?: true
  /** The largest body the server reads, in bytes; DEFAULT_BODY_BYTES when not declared. */
  maxBodyBytes?: number
}

/** Keeps an endpoint's literal types, so handlers and callers are typed from its schemas. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never

/** What a caller passes: the params, query and body the endpoint declares. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: SchemaInput<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: SchemaInput<E['query']> } : { query?: undefined }) &
  (E['body'] extends 'multipart'
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: SchemaInput<E['body']> }
      : { body?: undefined })

/**
 * A call's arguments after the endpoint: its input (and what the client adds to it, `Extra`),
 * optional when the endpoint declares nothing the caller must send.
 */
export type CallArgs<E extends Endpoint, Extra = object> =
  object extends CallInput<E> ? [input?: CallInput<E> & Extra] : [input: CallInput<E> & Extra]

/** CallInput with its types forgotten, as the code that builds the request sees it. */
export interface RequestInput {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
}

/** The `data` an endpoint answers with, once parsed. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends 'binary'
  ? never
  : SchemaOutput<E['answer']>

/** Every JSON call goes to this prefix on the API's origin. */
export const API_PREFIX = '/api'

/**
 * The URL path of a call, from the endpoint's path with its params filled in (each encoded),
 * plus its query. Relative to the API's origin.
 */
export function endpointUrl(
  e: Pick<Endpoint, 'path'>,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path param ${name} for ${e.path}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v))
  const qs = search.toString()
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`
}
