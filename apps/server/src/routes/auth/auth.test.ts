import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CODE_MAX_ATTEMPTS } from '@storyreel/core'
import { loginCodes, signInFailures } from '../../db/schema'
import { SIGN_IN_BACKOFF } from '../../services/sign-in-backoff'
import { apiClient, signUp } from '../../../test/client'
import { codeFromOutbox, startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('sign-up and sign-in by e-mail code', () => {
  it('signs a new user up, keeps the session, and signs them out', async () => {
    const { client, email } = await signUp(server)
    const session = await client.get<{
      isAuthenticated: boolean
      userData: { name: string; subscription: { type: string }; limitReached: boolean }
    }>('/api/auth/verify-session')
    expect(session.status).toBe(200)
    expect(session.data.isAuthenticated).toBe(true)
    expect(session.data.userData).toMatchObject({
      name: 'Ada Lovelace',
      subscription: { type: 'FREE' },
      limitReached: false,
    })

    const limit = await client.get<{ limitReached: boolean }>('/api/auth/update-video-limit')
    expect(limit.data).toEqual({ limitReached: false })

    expect((await client.post('/api/auth/logout')).status).toBe(200)
    const after = await client.get('/api/auth/verify-session')
    expect(after.status).toBe(401)
    expect(after.message).toBe('msg_session_verification_failed')

    // And back in with a login code.
    const again = apiClient(server)
    expect(
      (await again.post('/api/auth/local/token/create', { email, type: 'login' })).status,
    ).toBe(200)
    const login = await again.post<{ link: string }>('/api/auth/local/login', {
      email,
      token: await codeFromOutbox(server.env, email),
    })
    expect(login.status).toBe(200)
    expect(login.data.link).toBe('/format')
    expect((await again.get('/api/auth/verify-session')).status).toBe(200)
  })

  it('writes the code to the outbox as a readable mail and stores only its hash', async () => {
    const client = apiClient(server)
    const email = 'outbox@example.com'
    await client.post('/api/auth/local/token/create', { email, type: 'register' })
    const code = await codeFromOutbox(server.env, email)
    expect(code).toMatch(/^\d{6}$/)
    const rows = await server.app.services.db
      .select()
      .from(loginCodes)
      .where(sql`${loginCodes.email} = ${email}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.codeHash).not.toContain(code)
    const files = await readdir(path.join(server.env.DATA_DIR, 'outbox'))
    const texts = await Promise.all(
      files.map((f) => readFile(path.join(server.env.DATA_DIR, 'outbox', f), 'utf8')),
    )
    expect(texts.some((t) => t.includes('Subject: Your Storyreel code') && t.includes(code))).toBe(
      true,
    )
  })

  it('sends the user to the plan page after registering with a paid plan', async () => {
    const client = apiClient(server)
    const email = 'planner@example.com'
    await client.post('/api/auth/local/token/create', { email, type: 'register' })
    const reg = await client.post<{ link: string }>('/api/auth/local/register?plan=PRO', {
      name: 'Grace',
      surname: 'Hopper',
      email,
      token: await codeFromOutbox(server.env, email),
    })
    expect(reg.data.link).toBe('/plan?plan=PRO')
  })

  it('refuses a wrong code, and any code after the fifth wrong try', async () => {
    const client = apiClient(server)
    const email = 'tries@example.com'
    await client.post('/api/auth/local/token/create', { email, type: 'register' })
    const code = await codeFromOutbox(server.env, email)
    const body = { name: 'T', surname: 'R', email }
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await client.post('/api/auth/local/register', { ...body, token: wrong(code) })
      expect(res.status).toBe(401)
      expect(res.message).toBe('msg_invalid_token')
    }
    // The sixth try carries the right code, but the code is dead.
    const sixth = await client.post('/api/auth/local/register', { ...body, token: code })
    expect(sixth.status).toBe(401)
    expect(sixth.message).toBe('msg_invalid_token')
  })

  it('refuses an expired code', async () => {
    const client = apiClient(server)
    const email = 'late@example.com'
    await client.post('/api/auth/local/token/create', { email, type: 'register' })
    const code = await codeFromOutbox(server.env, email)
    await server.app.services.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${loginCodes.email} = ${email}`)
    const res = await client.post('/api/auth/local/register', {
      name: 'L',
      surname: 'A',
      email,
      token: code,
    })
    expect(res.status).toBe(401)
    expect(res.message).toBe('msg_invalid_token')
  })

  it('uses a code once only', async () => {
    const { email } = await signUp(server)
    const client = apiClient(server)
    await client.post('/api/auth/local/token/create', { email, type: 'login' })
    const token = await codeFromOutbox(server.env, email)
    expect((await client.post('/api/auth/local/login', { email, token })).status).toBe(200)
    const again = await apiClient(server).post('/api/auth/local/login', { email, token })
    expect(again.message).toBe('msg_invalid_token')
  })

  it('answers msg_user_not_found and msg_user_already_exists', async () => {
    const client = apiClient(server)
    const missing = await client.post('/api/auth/local/token/create', {
      email: 'nobody@example.com',
      type: 'login',
    })
    expect(missing.status).toBe(401)
    expect(missing.message).toBe('msg_user_not_found')
    const login = await client.post('/api/auth/local/login', {
      email: 'nobody@example.com',
      token: '123456',
    })
    expect(login.message).toBe('msg_user_not_found')

    const { email } = await signUp(server)
    const dup = await client.post('/api/auth/local/token/create', { email, type: 'register' })
    expect(dup.status).toBe(401)
    expect(dup.message).toBe('msg_user_already_exists')
  })

  it('validates payloads with the field names', async () => {
    const client = apiClient(server)
    const res = await client.post<{ fields: string[] }>('/api/auth/local/register', {
      name: '',
      email: 'not-an-email',
      token: '12',
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_zod_validation_error')
    expect(res.data.fields).toEqual(expect.arrayContaining(['name', 'surname', 'email', 'token']))
  })

  it('refuses state-changing calls without the CSRF token', async () => {
    const client = apiClient(server)
    const res = await client.post(
      '/api/auth/local/token/create',
      { email: 'csrf@example.com', type: 'register' },
      { csrf: false },
    )
    expect(res.status).toBe(403)
    expect(res.message).toBe('msg_invalid_csrf_token')
  })

  it('holds a client back after its wrong codes, doubling the wait; a right code clears them', async () => {
    // Its own client address, so the other tests' code requests do not count against it.
    const client = apiClient(server, new Map(), { from: '127.0.0.3' })
    const email = 'fumble@example.com'
    const create = async () =>
      (await client.post('/api/auth/local/token/create', { email, type: 'register' })).status
    const guess = async (token: string) =>
      (await client.post('/api/auth/local/register', { name: 'F', surname: 'U', email, token }))
        .status
    const lastWrongTryBefore = (ms: number) =>
      server.app.services.db
        .update(signInFailures)
        .set({ lastFailureAt: new Date(Date.now() - ms) })
        .where(sql`${signInFailures.email} = ${email}`)

    for (let round = 0; round < SIGN_IN_BACKOFF.freeFailures / CODE_MAX_ATTEMPTS; round++) {
      expect(await create()).toBe(200)
      const code = await codeFromOutbox(server.env, email)
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect(await guess(wrong(code))).toBe(401)
    }
    expect(await create()).toBe(429)
    // Its wait has passed: a new code; one more wrong try, and it waits twice as long.
    await lastWrongTryBefore(SIGN_IN_BACKOFF.firstWaitMs)
    expect(await create()).toBe(200)
    expect(await guess(wrong(await codeFromOutbox(server.env, email)))).toBe(401)
    await lastWrongTryBefore(SIGN_IN_BACKOFF.firstWaitMs)
    expect(await guess('000000')).toBe(429)
    // A day later its wrong tries are forgotten: the next counts as the first.
    await lastWrongTryBefore(SIGN_IN_BACKOFF.forgetAfterMs)
    const code = await codeFromOutbox(server.env, email)
    expect(await guess(wrong(code))).toBe(401)
    expect(await guess(code)).toBe(200)
    const left = await server.app.services.db.select().from(signInFailures)
    expect(left.filter((r) => r.email === email)).toEqual([])
  })

  it('rate-limits code creation per e-mail address', async () => {
    const client = apiClient(server)
    const email = 'spam@example.com'
    const statuses = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post('/api/auth/local/token/create', { email, type: 'register' })).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('rate-limits code creation per IP address', async () => {
    const client = apiClient(server)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const res = await client.post(
        '/api/auth/local/token/create',
        { email: `ip${i}@example.com`, type: 'register' },
        {},
      )
      statuses.push(res.status)
    }
    // Earlier tests in this file used the same IP; whatever is left of the window runs out.
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
  })

  it('answers a malformed body with a plain error, never a stack trace', async () => {
    // A real token pair, so the request passes the CSRF check and reaches the body parser.
    const csrf = await fetch(`${server.url}/api/auth/csrf-token`)
    const cookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!
    const { data } = (await csrf.json()) as { data: { csrfToken: string } }
    for (const body of ['{broken', '{"email": ["x"], "token": {"a": 1}}']) {
      const res = await fetch(`${server.url}/api/auth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
        body,
      })
      const text = await res.text()
      expect(res.status, body).toBe(400)
      expect(JSON.parse(text).message).not.toBe('msg_invalid_csrf_token')
      expect(text).not.toMatch(/at .*\.ts:\d+|node_modules|\/src\//)
    }
  })
})
