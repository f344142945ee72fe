import { describe, expect, it } from 'vitest'
import { CSRF_HEADER, authApi, compositionApi, tasksApi, type Composition } from '@storyreel/core'
import { ApiError, createApiClient } from './client'
import type { WireRequest, WireResponse } from './transport'

const TASK_ID = '00000000-0000-4000-8000-000000000001'

function answer(status: number, body: unknown, setCookie: string[] = []): WireResponse {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
  for (const line of setCookie) headers.append('set-cookie', line)
  return { status, headers, body: Buffer.from(JSON.stringify(body)) }
}

/** A server that hands out CSRF tokens "t1", "t2"… and answers everything else with `reply`. */
function fakeServer(reply: (req: WireRequest, n: number) => WireResponse) {
  const seen: WireRequest[] = []
  let tokens = 0
  let calls = 0
  const transport = async (req: WireRequest) => {
    seen.push(req)
    if (req.path === '/api/auth/csrf-token') {
      const secret = `csrf=s${tokens + 1}; Path=/; HttpOnly`
      return answer(200, { data: { csrfToken: `t${++tokens}` }, message: null }, [secret])
    }
    return reply(req, calls++)
  }
  return { seen, transport }
}

describe('createApiClient', () => {
  it('fills in the path from the endpoint and names its route', async () => {
    const server = fakeServer(() => answer(200, { data: { state: 'QUEUED' }, message: null }))
    const api = createApiClient({ transport: server.transport })
    const task = await api.call(tasksApi.get, { params: { id: TASK_ID } })
    expect(task.data).toEqual({ state: 'QUEUED' })
    expect(server.seen[0]).toMatchObject({
      method: 'GET',
      path: `/api/web/tasks/${TASK_ID}`,
      route: 'GET /api/web/tasks/:id',
    })
  })

  it('keeps cookies, sends them back, and drops those the server clears', async () => {
    const server = fakeServer((_, n) =>
      n === 0
        ? answer(200, { data: null, message: null }, ['sid=abc; Path=/; HttpOnly', 'x=1; Path=/'])
        : answer(200, { data: null, message: null }, ['x=; Path=/; Max-Age=0']),
    )
    const api = createApiClient({ transport: server.transport })
    await api.call(authApi.verifySession)
    await api.call(authApi.verifySession)
    expect(server.seen[1]!.headers.cookie).toBe('sid=abc; x=1')
    expect([...api.jar!]).toEqual([['sid', 'abc']])
  })

  it('fetches the CSRF token once, sends it on changes only, and refetches it once when refused', async () => {
    const refused = { data: null, message: 'msg_invalid_csrf_token' }
    const server = fakeServer((_, n) =>
      n === 2 ? answer(403, refused) : answer(200, { data: null, message: null }),
    )
    const api = createApiClient({ transport: server.transport })
    await api.call(authApi.verifySession)
    await api.call(authApi.logout)
    await api.call(authApi.logout)
    const sent = server.seen.map(
      (r) => `${r.path} ${r.headers[CSRF_HEADER] ?? '-'} ${r.headers.cookie ?? '-'}`,
    )
    // The secret cookie the token's answer sets goes with the very first change.
    expect(sent).toEqual([
      '/api/auth/verify-session - -',
      '/api/auth/csrf-token - -',
      '/api/auth/logout t1 csrf=s1',
      '/api/auth/logout t1 csrf=s1',
      '/api/auth/csrf-token - csrf=s1',
      '/api/auth/logout t2 csrf=s2',
    ])
  })

  it('returns a failed answer with its status and message; ok throws it', async () => {
    const server = fakeServer(() => answer(403, { data: null, message: 'msg_video_limit_reached' }))
    const api = createApiClient({ transport: server.transport })
    const composition = {} as Composition
    const failed = await api.call(compositionApi.render, { body: { composition } })
    expect(failed).toMatchObject({ status: 403, message: 'msg_video_limit_reached' })
    await expect(api.ok(compositionApi.render, { body: { composition } })).rejects.toThrow(ApiError)
  })

  it('types calls from the declarations', () => {
    const api = createApiClient({ transport: fakeServer(() => answer(200, {})).transport })
    const typeOnly = () => {
      // @ts-expect-error tasksApi.get needs its id
      void api.call(tasksApi.get)
      // @ts-expect-error the body is { email, type }
      void api.call(authApi.createToken, { body: { email: 'a@b.c' } })
      // @ts-expect-error no such endpoint
      void api.call(authApi.signIn)
    }
    expect(typeOnly).toBeTypeOf('function')
  })
})
