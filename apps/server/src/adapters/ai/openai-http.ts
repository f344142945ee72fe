import { setTimeout as wait } from 'node:timers/promises'
import { isRetryable, MAX_RETRIES, retryDelayMs } from './backoff'

export interface OpenAiHttpOptions {
  apiKey: string
  /** The API root, e.g. https://api.openai.com/v1, or any server speaking its wire format. */
  baseUrl: string
  /** The limit of each try, answer body included. */
  timeoutMs: number
  /** The wait before the first retry; later ones double it. */
  backoffMs?: number
}

/**
 * A call that failed: with the service's status and OpenAI's error `type` and `code` when it
 * answered, with status null when it did not (time-out, unreachable) or answered no JSON.
 */
export class OpenAiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly errorType?: string,
    readonly errorCode?: string,
  ) {
    super(message)
    this.name = 'OpenAiError'
  }

  /** The account's credit is used up: OpenAI answers 429 insufficient_quota. */
  get quotaExhausted(): boolean {
    return this.errorCode === 'insufficient_quota' || this.errorType === 'insufficient_quota'
  }
}

/** Posts JSON to a path under the API root and answers the parsed JSON of a 2xx answer. */
export type OpenAiPost = (path: string, body: unknown, signal?: AbortSignal) => Promise<unknown>

/** OpenAI's error answer is `{ error: { message, type, code } }`; anything else is quoted. */
async function errorOf(res: Response): Promise<OpenAiError> {
  const text = await res.text()
  try {
    const { error } = JSON.parse(text) as {
      error?: { message?: string; type?: string; code?: string | null }
    }
    if (error?.message) {
      const message = `${res.status} ${error.type ?? 'error'}: ${error.message}`
      return new OpenAiError(message, res.status, error.type, error.code ?? undefined)
    }
  } catch {
    // not JSON: quoted below
  }
  return new OpenAiError(`${res.status} ${text.slice(0, 200)}`, res.status)
}

/** What one try got: the answer's JSON, or the service's error and how long it asks to wait. */
type Outcome =
  { ok: true; json: unknown } | { ok: false; error: OpenAiError; retryAfter: string | null }

/**
 * One try, bounded by its own time-out as well as the caller's signal. A time-out is an
 * OpenAiError; the caller's abort keeps its own reason, so callers can tell the two apart.
 */
async function attempt(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    const res = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
    if (!res.ok) {
      return { ok: false, error: await errorOf(res), retryAfter: res.headers.get('retry-after') }
    }
    const text = await res.text()
    try {
      return { ok: true, json: JSON.parse(text) as unknown }
    } catch {
      throw new OpenAiError(`${res.status} answered no JSON: ${text.slice(0, 200)}`, null)
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason
    if (timeout.aborted) throw new OpenAiError(`no answer within ${timeoutMs / 1000} s`, null)
    if (err instanceof OpenAiError) throw err
    throw new OpenAiError(`unreachable: ${(err as Error).message}`, null)
  }
}

/**
 * The wire under every AI call: bearer key, JSON in and out, a time-out per try, and up to
 * MAX_RETRIES retries with exponential backoff on rate limits and server errors.
 */
export function openAiHttp(opts: OpenAiHttpOptions): OpenAiPost {
  const root = opts.baseUrl.replace(/\/+$/, '')
  const backoffMs = opts.backoffMs ?? 500
  return async (path, body, signal) => {
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted()
      const answer = await attempt(`${root}${path}`, init, opts.timeoutMs, signal)
      if (answer.ok) return answer.json
      const { error, retryAfter } = answer
      if (retry >= MAX_RETRIES || !isRetryable(error.status!, error.errorCode)) throw error
      try {
        await wait(retryDelayMs(retry, retryAfter, backoffMs), undefined, { signal })
      } catch {
        // Only the caller's abort ends the wait early; it ends the call with the caller's reason.
        throw signal!.reason
      }
    }
  }
}
