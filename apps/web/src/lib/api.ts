import {
  CSRF_HEADER,
  UI_TEXT,
  ValidationErrorDataSchema,
  authApi,
  csrfTokenCache,
  endpointUrl,
  messageWithNextStep,
  messageText,
} from '@storyreel/core'
import type {
  AnswerOf,
  CallArgs,
  CallInput,
  Endpoint,
  MessageCode,
  RequestInput,
} from '@storyreel/core'
import type { z } from 'zod'
import { apiUrl } from '../config'

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

const SESSION_FAILED: MessageCode = 'msg_session_verification_failed'
const CSRF_FAILED: MessageCode = 'msg_invalid_csrf_token'

/** Turns a failed answer's body into the user's text (SPEC section 8). */
export function messageFor(code: unknown, data: unknown): string {
  if (typeof code !== 'string' || code === '') return UI_TEXT.noBody
  if (code === 'msg_zod_validation_error') {
    const parsed = ValidationErrorDataSchema.safeParse(data)
    return messageText(code, parsed.success ? parsed.data.fields : [])
  }
  return messageWithNextStep(code)
}

/** An endpoint that answers with a `{ data, message }` envelope (binary ones go through fetchBlob). */
type JsonEndpoint = Endpoint & { answer: z.ZodType }

const csrfToken = csrfTokenCache(async () => (await callApi(authApi.csrfToken)).csrfToken)

/** Forgets the CSRF token; the next state-changing call fetches a new one (after sign-in/out). */
export function resetCsrfToken(): void {
  csrfToken.forget()
}

/** Builds and sends one request; only a request that cannot be built or gets no answer fails. */
async function request(
  endpoint: Endpoint,
  { params, query, body }: RequestInput,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Response> {
  let url: string
  let init: RequestInit
  try {
    url = apiUrl(endpointUrl(endpoint, params, query))
    init = {
      method: endpoint.method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...headers },
      signal,
    }
    if (body instanceof FormData) {
      init.body = body
    } else if (body !== undefined) {
      init.body = JSON.stringify(body)
      ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
    }
  } catch {
    throw new ApiError(UI_TEXT.requestSetupFailed, SETUP_FAILED_STATUS)
  }
  try {
    return await fetch(url, init)
  } catch (error) {
    // Called off by the caller: not a failure of the server.
    if (signal?.aborted) throw error
    throw new ApiError(UI_TEXT.noResponse, NO_RESPONSE_STATUS)
  }
}

type Envelope = { data?: unknown; message?: unknown }

function parseEnvelope(text: string): Envelope | null {
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return json !== null && typeof json === 'object' ? (json as Envelope) : null
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  return parseEnvelope(await response.text().catch(() => ''))
}

/** The error of a failed answer, in the user's words; tells the app when the session is gone. */
function failureOf(status: number, envelope: Envelope | null): ApiError {
  const message = typeof envelope?.message === 'string' ? envelope.message : null
  const error = new ApiError(
    messageFor(message, envelope?.data),
    status,
    message,
    envelope?.data ?? null,
  )
  if (message === SESSION_FAILED) sessionListeners.forEach((listener) => listener(error))
  return error
}

async function failure(response: Response): Promise<ApiError> {
  return failureOf(response.status, await readEnvelope(response))
}

/** Sends a request; a failed answer is thrown, a successful one returned unread. */
async function send(
  endpoint: Endpoint,
  input: RequestInput,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const response = await request(endpoint, input, headers, signal)
  if (!response.ok) throw await failure(response)
  return response
}

/** Checks an answer against its core schema; a malformed answer is the server's fault. */
function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) throw new ApiError(UI_TEXT.noBody, 500, null, data)
  return result.data
}

async function sendWithCsrf(
  endpoint: Endpoint,
  input: RequestInput,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  if (endpoint.method === 'GET') return send(endpoint, input, headers, signal)
  const attempt = async () =>
    send(endpoint, input, { ...headers, [CSRF_HEADER]: await csrfToken.get() }, signal)
  try {
    return await attempt()
  } catch (error) {
    // The token belongs to the session, which changes on sign-in: fetch a fresh one once.
    if (error instanceof ApiError && error.code === CSRF_FAILED) {
      resetCsrfToken()
      return attempt()
    }
    throw error
  }
}

/**
 * Calls one endpoint declared in core: fills in its path params and query, sends its body (JSON,
 * or FormData for uploads) with the CSRF header unless it is a GET, and returns the envelope's
 * `data` parsed with the endpoint's answer schema. Fails with an ApiError carrying the text to
 * show.
 */
export async function callApi<E extends JsonEndpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<AnswerOf<E>> {
  const response = await sendWithCsrf(endpoint, (input ?? {}) as RequestInput)
  const envelope = await readEnvelope(response)
  if (!envelope) throw new ApiError(UI_TEXT.noBody, response.status)
  return parse(endpoint.answer, envelope.data ?? null) as AnswerOf<E>
}

/** One try of an upload through XMLHttpRequest, the one browser API that reports its progress. */
function sendForm(
  endpoint: JsonEndpoint,
  form: FormData,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; envelope: Envelope | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    try {
      xhr.open(endpoint.method, apiUrl(endpointUrl(endpoint)))
      xhr.withCredentials = true
      xhr.setRequestHeader('Accept', 'application/json')
      xhr.setRequestHeader(CSRF_HEADER, token)
    } catch {
      reject(new ApiError(UI_TEXT.requestSetupFailed, SETUP_FAILED_STATUS))
      return
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, envelope: parseEnvelope(xhr.responseText) })
    xhr.onerror = () => reject(new ApiError(UI_TEXT.noResponse, NO_RESPONSE_STATUS))
    xhr.send(form)
  })
}

/**
 * Sends a multipart upload to one endpoint as callApi does (the CSRF header, a fresh token once
 * when the session's changed, the envelope parsed, failures in the user's words) and reports how
 * much of the body has gone, 0 to 1, as it goes.
 */
export async function uploadWithProgress<E extends JsonEndpoint>(
  endpoint: E,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<AnswerOf<E>> {
  let answer = await sendForm(endpoint, form, await csrfToken.get(), onProgress)
  if (answer.envelope?.message === CSRF_FAILED) {
    resetCsrfToken()
    answer = await sendForm(endpoint, form, await csrfToken.get(), onProgress)
  }
  const { status, envelope } = answer
  if (status < 200 || status >= 300) throw failureOf(status, envelope)
  if (!envelope) throw new ApiError(UI_TEXT.noBody, status)
  return parse(endpoint.answer, envelope.data ?? null) as AnswerOf<E>
}

/** An endpoint that answers with a file, sent as it is. */
type BinaryEndpoint = Endpoint & { answer: 'binary' }

/**
 * Calls one endpoint that answers with a file (the voice preview's audio), with the CSRF header
 * like callApi, and returns the answer unread so that the caller can check its type and size
 * first. A failed answer is an ApiError as with callApi; `signal` calls the request off.
 */
export async function callBinary<E extends BinaryEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  signal?: AbortSignal,
): Promise<Response> {
  return sendWithCsrf(endpoint, input as RequestInput, { Accept: '*/*' }, signal)
}

/**
 * Downloads a binary answer (a rendered video, a stored upload) as a Blob, from an API path such as
 * the core URL builders make.
 */
export async function fetchBlob(path: string): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(apiUrl(path), { credentials: 'include' })
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
