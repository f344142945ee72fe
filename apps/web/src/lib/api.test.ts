import { MESSAGES, TaskSchema, UI_TEXT } from '@storyreel/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, api, errorText, messageFor, onSessionFailure, resetCsrfToken } from './api'

type Call = { url: string; init: RequestInit }

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

let calls: Call[]
let answer: (call: Call) => Response | Promise<Response>

beforeEach(() => {
  calls = []
  resetCsrfToken()
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init }
    calls.push(call)
    if (url === '/api/auth/csrf-token')
      return json(200, { data: { csrfToken: 'tok' }, message: null })
    return answer(call)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('messageFor', () => {
  test('maps known codes to their text and shows unknown codes raw', () => {
    expect(messageFor('msg_invalid_token', null)).toBe(MESSAGES.msg_invalid_token.text)
    expect(messageFor('msg_something_new', null)).toBe('msg_something_new')
  })

  test('lists the fields of a validation error', () => {
    expect(messageFor('msg_zod_validation_error', { fields: ['email', 'token'] })).toBe(
      'Invalid fields: email, token',
    )
  })

  test('says so when there is no body', () => {
    expect(messageFor(null, null)).toBe(UI_TEXT.noBody)
  })
})

describe('api', () => {
  test('unwraps data, sends cookies, and parses with the schema', async () => {
    answer = () => json(200, { data: { limitReached: true }, message: null })
    const data = await api.get('/auth/update-video-limit', z.object({ limitReached: z.boolean() }))
    expect(data).toEqual({ limitReached: true })
    expect(calls[0]?.init.credentials).toBe('include')
  })

  test('fetches the CSRF token once and sends it on every state-changing call', async () => {
    answer = () => json(200, { data: null, message: null })
    await api.post('/auth/local/token/create', { email: 'a@b.c', type: 'login' }, z.null())
    await api.delete('/web/tasks/user/uploads/x.png')
    const tokenCalls = calls.filter((call) => call.url === '/api/auth/csrf-token')
    expect(tokenCalls).toHaveLength(1)
    const sent = calls.filter((call) => call.url !== '/api/auth/csrf-token')
    for (const call of sent) {
      expect((call.init.headers as Record<string, string>)['x-csrf-token']).toBe('tok')
    }
    expect(JSON.parse(sent[0]?.init.body as string)).toEqual({ email: 'a@b.c', type: 'login' })
  })

  test('sends FormData as it is', async () => {
    answer = () => json(200, { data: { descriptions: [] }, message: null })
    const form = new FormData()
    form.append('suggestion', 'x')
    await api.post('/media/describe', form, z.unknown())
    const call = calls.find((c) => c.url === '/api/media/describe')
    expect(call?.init.body).toBe(form)
    expect((call?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })

  test('turns a failed answer into the mapped message', async () => {
    answer = () => json(401, { data: null, message: 'msg_invalid_token' })
    const error = await api.post('/auth/local/login', {}, z.unknown()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'msg_invalid_token' })
    expect((error as ApiError).message).toBe(MESSAGES.msg_invalid_token.text)
    expect(errorText(error, 'fallback')).toBe(MESSAGES.msg_invalid_token.text)
  })

  test('a failure without a body uses the screen text', async () => {
    answer = () => new Response('', { status: 502 })
    const error = await api.get('/web/tasks/x', TaskSchema).catch((e: unknown) => e)
    expect((error as ApiError).message).toBe(UI_TEXT.noBody)
    expect(errorText(error, UI_TEXT.failedRenderStatus)).toBe(UI_TEXT.failedRenderStatus)
  })

  test('no answer at all is status 444', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'))
    const error = await api.get('/auth/verify-session', z.unknown()).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 444, message: UI_TEXT.noResponse })
  })

  test('a stale CSRF token is replaced once', async () => {
    let first = true
    answer = () => {
      if (first) {
        first = false
        return json(403, { data: null, message: 'msg_invalid_csrf_token' })
      }
      return json(200, { data: { taskId: 't' }, message: null })
    }
    const data = await api.post('/composition/render', {}, z.object({ taskId: z.string() }))
    expect(data).toEqual({ taskId: 't' })
    expect(calls.filter((call) => call.url === '/api/auth/csrf-token')).toHaveLength(2)
  })

  test('tells the app when the session is gone', async () => {
    answer = () => json(401, { data: null, message: 'msg_session_verification_failed' })
    const seen: string[] = []
    const stop = onSessionFailure((error) => seen.push(error.message))
    await api.get('/auth/verify-session', z.unknown()).catch(() => undefined)
    stop()
    expect(seen).toEqual([MESSAGES.msg_session_verification_failed.text])
  })
})
