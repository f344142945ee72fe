import {
  MESSAGES,
  NEXT_STEPS,
  UI_TEXT,
  audioApi,
  authApi,
  compositionApi,
  logApi,
  mediaApi,
  tasksApi,
  videoResultUrl,
} from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  ApiError,
  callApi,
  callBinary,
  errorText,
  fetchBlob,
  messageFor,
  onSessionFailure,
  resetCsrfToken,
} from './api'

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
  test('maps known codes to their text, with what to do next, and shows unknown codes raw', () => {
    expect(messageFor('msg_video_limit_reached', null)).toBe(MESSAGES.msg_video_limit_reached.text)
    expect(messageFor('msg_invalid_token', null)).toBe(
      `${MESSAGES.msg_invalid_token.text} ${NEXT_STEPS.msg_invalid_token}`,
    )
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

describe('callApi', () => {
  test('unwraps data, sends cookies, and parses with the schema', async () => {
    answer = () => json(200, { data: { limitReached: true }, message: null })
    const data = await callApi(authApi.updateVideoLimit)
    expect(data).toEqual({ limitReached: true })
    expect(calls[0]).toMatchObject({
      url: '/api/auth/update-video-limit',
      init: { method: 'GET', credentials: 'include' },
    })
  })

  test('fills in the path params and the query', async () => {
    answer = () => json(200, { data: { link: '/plan?plan=PRO' }, message: null })
    const body = { name: 'Maya', surname: 'Lopez', email: 'a@b.c', token: '123456' }
    await callApi(authApi.register, { query: { plan: 'PRO' }, body })
    await callApi(authApi.register, { body })
    answer = () => json(200, { data: null, message: null })
    await callApi(mediaApi.deleteUpload, { params: { name: 'a b.png' } })
    const sent = calls.filter((call) => call.url !== '/api/auth/csrf-token')
    expect(sent.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/auth/local/register?plan=PRO'],
      ['POST', '/api/auth/local/register'],
      ['DELETE', '/api/web/tasks/user/uploads/a%20b.png'],
    ])
  })

  test('a malformed answer is an error', async () => {
    answer = () => json(200, { data: { limitReached: 'yes' }, message: null })
    const error = await callApi(authApi.updateVideoLimit).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 500, message: UI_TEXT.noBody })
  })

  test('fetches the CSRF token once and sends it on every state-changing call', async () => {
    answer = () => json(200, { data: null, message: null })
    await callApi(authApi.createToken, { body: { email: 'a@b.c', type: 'login' } })
    await callApi(mediaApi.deleteUpload, { params: { name: 'x.png' } })
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
    await callApi(mediaApi.describe, { body: form })
    const call = calls.find((c) => c.url === '/api/media/describe')
    expect(call?.init.body).toBe(form)
    expect((call?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })

  test('turns a failed answer into the mapped message', async () => {
    answer = () => json(401, { data: null, message: 'msg_invalid_token' })
    const error = await callApi(authApi.login, { body: { email: 'a@b.c', token: '000000' } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'msg_invalid_token' })
    const text = `${MESSAGES.msg_invalid_token.text} ${NEXT_STEPS.msg_invalid_token}`
    expect((error as ApiError).message).toBe(text)
    expect(errorText(error, 'fallback')).toBe(text)
  })

  test('a failure without a body uses the screen text', async () => {
    answer = () => new Response('', { status: 502 })
    const error = await callApi(tasksApi.get, { params: { id: 'x' } }).catch((e: unknown) => e)
    expect((error as ApiError).message).toBe(UI_TEXT.noBody)
    expect(errorText(error, UI_TEXT.failedRenderStatus)).toBe(UI_TEXT.failedRenderStatus)
  })

  test('no answer at all is status 444', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'))
    const error = await callApi(authApi.verifySession).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 444, message: UI_TEXT.noResponse })
  })

  test('a request that cannot be built is status 400', async () => {
    answer = () => json(200, { data: null, message: null })
    const error = await callApi(logApi.error, { body: { error: { size: 1n } } }).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 400, message: UI_TEXT.requestSetupFailed })
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
    const composition = {} as Composition
    const data = await callApi(compositionApi.render, { body: { composition } })
    expect(data).toEqual({ taskId: 't' })
    expect(calls.filter((call) => call.url === '/api/auth/csrf-token')).toHaveLength(2)
  })

  test('tells the app when the session is gone', async () => {
    answer = () => json(401, { data: null, message: 'msg_session_verification_failed' })
    const seen: string[] = []
    const stop = onSessionFailure((error) => seen.push(error.message))
    await callApi(authApi.verifySession).catch(() => undefined)
    stop()
    expect(seen).toEqual([MESSAGES.msg_session_verification_failed.text])
  })
})

describe('fetchBlob', () => {
  test('downloads a binary answer from an API path', async () => {
    answer = () => new Response('mp4', { status: 200, headers: { 'Content-Type': 'video/mp4' } })
    const blob = await fetchBlob(videoResultUrl('t'))
    expect(await blob.text()).toBe('mp4')
    expect(calls[0]).toMatchObject({
      url: '/api/web/tasks/result/t',
      init: { credentials: 'include' },
    })
  })

  test('turns a failed download into the mapped message', async () => {
    answer = () => json(404, { data: null, message: 'msg_task_not_found' })
    const error = await fetchBlob(videoResultUrl('t')).catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 404,
      code: 'msg_task_not_found',
      message: MESSAGES.msg_task_not_found.text,
    })
  })
})

describe('callBinary', () => {
  const body = { text: 'Hello there', voice: 'bdl' as const }

  test('posts JSON with the CSRF token and returns the answer unread', async () => {
    answer = () => new Response('mp3', { status: 200, headers: { 'Content-Type': 'audio/mpeg' } })
    const response = await callBinary(audioApi.generate, { body })
    expect(response.headers.get('Content-Type')).toBe('audio/mpeg')
    expect(await response.text()).toBe('mp3')
    const call = calls.find((c) => c.url === '/api/audio/generate')!
    expect(call.init).toMatchObject({ method: 'POST', credentials: 'include' })
    expect(call.init.headers).toMatchObject({ 'x-csrf-token': 'tok', Accept: '*/*' })
    expect(JSON.parse(call.init.body as string)).toEqual(body)
  })

  test('turns a failed answer into the mapped message', async () => {
    answer = () => json(400, { data: { fields: ['text'] }, message: 'msg_zod_validation_error' })
    const error = await callBinary(audioApi.generate, { body }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, message: 'Invalid fields: text' })
  })

  test('a request called off is not a missing answer', async () => {
    answer = (call) =>
      new Promise((_, reject) =>
        call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason)),
      )
    const controller = new AbortController()
    const pending = callBinary(audioApi.generate, { body }, controller.signal).catch(
      (e: unknown) => e,
    )
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/audio/generate')).toBe(true))
    controller.abort()
    const error = await pending
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as Error).name).toBe('AbortError')
  })
})
