import { API_PREFIX, CSRF_HEADER, authApi, csrfTokenCache, endpointUrl } from '@storyreel/core'
import type { AnswerOf, CallArgs, Endpoint, MessageCode, RequestInput } from '@storyreel/core'
import { cookieHeader, keepCookies, type CookieJar } from './cookie-jar'
import type { Transport, WireRequest, WireResponse } from './transport'

/** An answer as a test sees it: its status and envelope whatever they are, a 4xx included. */
export interface ApiAnswer<T = unknown> {
  status: number
  /**
   * The envelope's `data`, typed from the endpoint but not parsed with its schema: a test must see
   * what the server sent, a field that should not be there included.
   */
  data: T
  message: string | null
  headers: Headers
  /** The answer's bytes: a file answer's content. */
  body: Buffer
}

/** What a call may add to its input: headers (a range), or no CSRF header (a forged request). */
export interface CallOptions {
  headers?: Record<string, string>
  /** Sends the CSRF header; by default on every state-changing call. */
  csrf?: boolean
}

/** A request no endpoint declares: an unknown path, a wrong method, a hand-made body. */
export interface RawRequest extends CallOptions {
  method: string
  /** Path and query on the API's origin. */
  path: string
  json?: unknown
  form?: FormData
  /** Sent as it is, with its content type in `headers`. */
  body?: string | Uint8Array<ArrayBuffer>
}

/** A call that `ok` expected to succeed and that did not. */
export class ApiError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly apiMessage: string | null,
  ) {
    super(`${route}: ${status} ${apiMessage}`)
  }
}

const CSRF_FAILED: MessageCode = 'msg_invalid_csrf_token'

/** The endpoint's method and path pattern, e.g. `GET /api/web/tasks/:id`. */
export const routeOf = (e: Pick<Endpoint, 'method' | 'path'>) =>
  `${e.method} ${API_PREFIX}${e.path}`

type Body = Pick<WireRequest, 'body'> & { contentType?: string }

function encode({ json, form, body }: Pick<RawRequest, 'json' | 'form' | 'body'>): Body {
  if (form) return { body: form }
  if (json !== undefined) return { body: JSON.stringify(json), contentType: 'application/json' }
  return { body }
}

type Envelope = { data?: unknown; message?: unknown }

function envelopeOf(res: WireResponse): Envelope | null {
  if (!res.headers.get('content-type')?.includes('application/json')) return null
  try {
    return JSON.parse(res.body.toString()) as Envelope
  } catch {
    // A malformed answer: its status and bytes still tell the test what happened.
    return null
  }
}

function read(res: WireResponse): ApiAnswer {
  const envelope = envelopeOf(res)
  return {
    status: res.status,
    data: envelope?.data,
    message: typeof envelope?.message === 'string' ? envelope.message : null,
    headers: res.headers,
    body: res.body,
  }
}

/**
 * A browser-like client of the API for tests, benches and journeys, typed from core's endpoint
 * declarations: `call(compositionApi.render, { body })` fills in the path, sends the body (JSON,
 * or FormData as multipart), keeps the cookies in `jar` (two users are two clients), fetches the
 * CSRF token once and sends it on every state-changing call, and returns the answer whatever its
 * status. `transport` decides how the request travels (see ./transport.ts).
 */
export function createApiClient<Jar extends CookieJar | null = CookieJar>({
  transport,
  headers: always = {},
  jar = new Map() as Jar,
}: {
  transport: Transport
  /** Sent on every request (a bench user's own X-Forwarded-For). */
  headers?: Record<string, string>
  /** Null where the transport keeps the cookies itself, as a browser context does. */
  jar?: Jar
}) {
  const csrfToken = csrfTokenCache(async () => (await ok(authApi.csrfToken)).csrfToken)

  async function send(
    request: Omit<WireRequest, 'headers' | 'body'> & Body,
    options: CallOptions,
    retried = false,
  ): Promise<ApiAnswer> {
    const { contentType, ...wire } = request
    const withCsrf = options.csrf ?? request.method !== 'GET'
    const headers: Record<string, string> = { ...always }
    // The token first: fetching it may set the cookie its check needs.
    if (withCsrf) headers[CSRF_HEADER] = await csrfToken.get()
    if (jar?.size) headers.cookie = cookieHeader(jar)
    if (contentType) headers['content-type'] = contentType
    const res = await transport({ ...wire, headers: { ...headers, ...options.headers } })
    if (jar) keepCookies(jar, res.headers)
    const answer = read(res)
    // The token is bound to the session, which signing in or out changes: fetch a new one once.
    if (withCsrf && !retried && answer.message === CSRF_FAILED) {
      csrfToken.forget()
      return send(request, options, true)
    }
    return answer
  }

  /**
   * Calls one endpoint with what the types forbid (a missing field, a wrong type): a hostile
   * test's call, which still names the endpoint it attacks. Its answer is typed `T`.
   */
  function unchecked<T = unknown>(
    endpoint: Endpoint,
    { params, query, body, ...options }: RequestInput & CallOptions = {},
  ): Promise<ApiAnswer<T>> {
    return send(
      {
        method: endpoint.method,
        path: endpointUrl(endpoint, params, query),
        route: routeOf(endpoint),
        ...encode(body instanceof FormData ? { form: body } : { json: body }),
      },
      options,
    ) as Promise<ApiAnswer<T>>
  }

  /** Calls one endpoint with the params, query and body it declares. */
  function call<E extends Endpoint>(
    endpoint: E,
    ...[input]: CallArgs<E, CallOptions>
  ): Promise<ApiAnswer<AnswerOf<E>>> {
    return unchecked(endpoint, input as RequestInput & CallOptions)
  }

  /** Calls one endpoint and returns its data; any status but 2xx fails with an ApiError. */
  async function ok<E extends Endpoint>(
    endpoint: E,
    ...args: CallArgs<E, CallOptions>
  ): Promise<AnswerOf<E>> {
    const answer = await call(endpoint, ...args)
    if (answer.status >= 300) throw new ApiError(routeOf(endpoint), answer.status, answer.message)
    return answer.data
  }

  /** Sends a request that no endpoint declares, with the client's cookies and CSRF token. */
  function raw<T = unknown>({ method, path, json, form, body, ...options }: RawRequest) {
    const request = { method, path, route: `${method} ${path}`, ...encode({ json, form, body }) }
    return send(request, options) as Promise<ApiAnswer<T>>
  }

  return {
    call,
    ok,
    unchecked,
    raw,
    jar,
    /** Forgets the CSRF token, as the app does after signing in: the next change fetches one. */
    forgetCsrf: csrfToken.forget,
  }
}

export type ApiClient = ReturnType<typeof createApiClient<CookieJar>>
