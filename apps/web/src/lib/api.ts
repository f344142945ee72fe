import {
  CsrfAnswerSchema,
  UI_TEXT,
  ValidationErrorDataSchema,
  isMessageCode,
  messageText,
} from '@storyreel/core'
import type { z } from 'zod'

/** Every call goes to this prefix on the page's own origin (the dev server proxies it). */
export const API_PREFIX = '/api'

/** Status given to a call that got no answer at all (SPEC section 8). */
export const NO_RESPONSE_STATUS = 444
/** Status given to a call that could not even be set up (SPEC section 8). */
export const SETUP_FAILED_STATUS = 400

/**
 * A failed call. `message` is the text to show the user, `code` the server's message code when it
 * sent one.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly data: unknown

  constructor(message: string, status: number, code: string | null = null, data: unknown = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.data = data
  }
}

/** The text a failed call shows: the server's mapped message, else the screen's own fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.code || error.status === NO_RESPONSE_STATUS)) {
    return error.message
  }
  return fallback
}

type Listener = (error: ApiError) => void
const sessionListeners = new Set<Listener>()

/** Called whenever the server says the session is gone (the app then logs out). */
export function onSessionFailure(listener: Listener): () => void {
  sessionListeners.add(listener)
  return () => sessionListeners.delete(listener)
}

const SESSION_FAILED = 'msg_session_verification_failed'
const CSRF_FAILED = 'msg_invalid_csrf_token'

/** Turns a failed answer's body into the user's text (SPEC section 8). */
export function messageFor(code: unknown, data: unknown): string {
  if (typeof code !== 'string' || code === '') return UI_TEXT.noBody
  if (code === 'msg_zod_validation_error') {
    const parsed = ValidationErrorDataSchema.safeParse(data)
    return messageText(code, parsed.success ? parsed.data.fields : [])
  }
  return isMessageCode(code) ? messageText(code) : code
}

let csrfToken: Promise<string> | null = null

/** The CSRF token, fetched once and reused for every state-changing call. */
function getCsrfToken(): Promise<string> {
  csrfToken ??= send('GET', '/auth/csrf-token', undefined).then(
    ({ data }) => CsrfAnswerSchema.parse(data).csrfToken,
    (error: unknown) => {
      csrfToken = null
      throw error
    },
  )
  return csrfToken
}

/** Forgets the CSRF token; the next state-changing call fetches a new one (after sign-in/out). */
export function resetCsrfToken(): void {
  csrfToken = null
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

async function send(
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ data: unknown; message: string | null }> {
  let init: RequestInit
  try {
    init = { method, credentials: 'include', headers: { Accept: 'application/json', ...headers } }
    if (body instanceof FormData) {
      init.body = body
    } else if (body !== undefined) {
      init.body = JSON.stringify(body)
      ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
    }
  } catch {
    throw new ApiError(UI_TEXT.requestSetupFailed, SETUP_FAILED_STATUS)
  }

  let response: Response
  try {
    response = await fetch(API_PREFIX + path, init)
  } catch {
    throw new ApiError(UI_TEXT.noResponse, NO_RESPONSE_STATUS)
  }

  let json: unknown = null
  try {
    const text = await response.text()
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  const envelope =
    json !== null && typeof json === 'object'
      ? (json as { data?: unknown; message?: unknown })
      : null
  const message = typeof envelope?.message === 'string' ? envelope.message : null

  if (!response.ok) {
    const error = new ApiError(
      messageFor(message, envelope?.data),
      response.status,
      message,
      envelope?.data ?? null,
    )
    if (message === SESSION_FAILED) sessionListeners.forEach((listener) => listener(error))
    throw error
  }
  if (!envelope) throw new ApiError(UI_TEXT.noBody, response.status)
  return { data: envelope.data ?? null, message }
}

async function call(method: Method, path: string, body?: unknown): Promise<unknown> {
  if (method === 'GET') return (await send(method, path, body)).data
  const attempt = async () => send(method, path, body, { 'x-csrf-token': await getCsrfToken() })
  try {
    return (await attempt()).data
  } catch (error) {
    // The token belongs to the session, which changes on sign-in: fetch a fresh one once.
    if (error instanceof ApiError && error.code === CSRF_FAILED) {
      resetCsrfToken()
      return (await attempt()).data
    }
    throw error
  }
}

/** Checks an answer against its core schema; a malformed answer is the server's fault. */
function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) throw new ApiError(UI_TEXT.noBody, 500, null, data)
  return result.data
}

export const api = {
  get: async <S extends z.ZodType>(path: string, schema: S) =>
    parse(schema, await call('GET', path)),
  post: async <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    parse(schema, await call('POST', path, body)),
  delete: async (path: string) => {
    await call('DELETE', path)
  },
}

/** Downloads a binary answer (a rendered video, a stored upload) from a full URL as a Blob. */
export async function fetchBlob(url: string): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(url, { credentials: 'include' })
  } catch {
    throw new ApiError(UI_TEXT.noResponse, NO_RESPONSE_STATUS)
  }
  if (!response.ok) {
    let code: string | null = null
    try {
      const body = (await response.json()) as { message?: unknown }
      code = typeof body.message === 'string' ? body.message : null
    } catch {
      code = null
    }
    throw new ApiError(messageFor(code, null), response.status, code)
  }
  return response.blob()
}
