import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CODE_MAX_ATTEMPTS, authApi, endpointUrl } from '@storyreel/core'
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
    const session = await client.call(authApi.verifySession)
    expect(session.status).toBe(200)
    expect(session.data.isAuthenticated).toBe(true)
    expect(session.data.userData).toMatchObject({
      name: 'Ada Lovelace',
      subscription: { type: 'FREE' },
      limitReached: false,
    })

    const limit = await client.call(authApi.updateVideoLimit)
    expect(limit.data).toEqual({ limitReached: false })

    expect((await client.call(authApi.logout)).status).toBe(200)
    const after = await client.call(authApi.verifySession)
    expect(after.status).toBe(401)
    expect(after.message).toBe('msg_session_verification_failed')

    // And back in with a login code.
    const again = apiClient(server)
    expect((await again.call(authApi.createToken, { body: { email, type: 'login' } })).status).toBe(
      200,
    )
    const login = await again.call(authApi.login, {
      body: { email, token: await codeFromOutbox(server.env, email) },
    })
    expect(login.status).toBe(200)
    expect(login.data.link).toBe('/format')
    expect((await again.call(authApi.verifySession)).status).toBe(200)
  })

  it('writes the code to the outbox as a readable mail and stores only its hash', async () => {
    const client = apiClient(server)
    const email = 'outbox@example.com'
    await client.call(authApi.createToken, { body: { email, type: 'register' } })
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
    await client.call(authApi.createToken, { body: { email, type: 'register' } })
    const reg = await client.call(authApi.register, {
      query: { plan: 'PRO' },
      body: {
        name: 'Grace',
        surname: 'Hopper',
        email,
        token: await codeFromOutbox(server.env, email),
      },
    })
    expect(reg.data.link).toBe('/plan?plan=PRO')
  })

  it('refuses a wrong code, and any code after the fifth wrong try', async () => {
    const client = apiClient(server)
    const email = 'tries@example.com'
    await client.call(authApi.createToken, { body: { email, type: 'register' } })
    const code = await codeFromOutbox(server.env, email)
    const body = { name: 'T', surname: 'R', email }
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await client.call(authApi.register, { body: { ...body, token: wrong(code) } })
      expect(res.status).toBe(401)
      expect(res.message).toBe('msg_invalid_token')
    }
    // The sixth try carries the right code, but the code is dead.
    const sixth = await client.call(authApi.register, { body: { ...body, token: code } })
    expect(sixth.status).toBe(401)
    expect(sixth.message).toBe('msg_invalid_token')
  })

  it('refuses an expired code', async () => {
    const client = apiClient(server)
    const email = 'late@example.com'
    await client.call(authApi.createToken, { body: { email, type: 'register' } })
    const code = await codeFromOutbox(server.env, email)
    await server.app.services.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${loginCodes.email} = ${email}`)
    const res = await client.call(authApi.register, {
      body: { name: 'L', surname: 'A', email, token: code },
    })
    expect(res.status).toBe(401)
    expect(res.message).toBe('msg_invalid_token')
  })

  it('uses a code once only', async () => {
    const { email } = await signUp(server)
    const client = apiClient(server)
    await client.call(authApi.createToken, { body: { email, type: 'login' } })
    const token = await codeFromOutbox(server.env, email)
    expect((await client.call(authApi.login, { body: { email, token } })).status).toBe(200)
    const again = await apiClient(server).call(authApi.login, { body: { email, token } })
    expect(again.message).toBe('msg_invalid_token')
  })

  it('answers msg_user_not_found and msg_user_already_exists', async () => {
    const client = apiClient(server)
    const missing = await client.call(authApi.createToken, {
      body: { email: 'nobody@example.com', type: 'login' },
    })
    expect(missing.status).toBe(401)
    expect(missing.message).toBe('msg_user_not_found')
    const login = await client.call(authApi.login, {
      body: { email: 'nobody@example.com', token: '123456' },
    })
    expect(login.message).toBe('msg_user_not_found')

    const { email } = await signUp(server)
    const dup = await client.call(authApi.createToken, { body: { email, type: 'register' } })
    expect(dup.status).toBe(401)
    expect(dup.message).toBe('msg_user_already_exists')
  })

  it('validates payloads with the field names', async () => {
    const client = apiClient(server)
    const res = await client.unchecked<{ fields: string[] }>(authApi.register, {
      body: { name: '', email: 'not-an-email', token: '12' },
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_zod_validation_error')
    expect(res.data.fields).toEqual(expect.arrayContaining(['name', 'surname', 'email', 'token']))
  })

  it('refuses state-changing calls without the CSRF token', async () => {
    const client = apiClient(server)
    const res = await client.call(authApi.createToken, {
      body: { email: 'csrf@example.com', type: 'register' },
      csrf: false,
    })
    expect(res.status).toBe(403)
    expect(res.message).toBe('msg_invalid_csrf_token')
  })

  it('holds a client back after its wrong codes, doubling the wait; a right code clears them', async () => {
    // Its own client address, so the other tests' code requests do not count against it.
    const client = apiClient(server, { from: '127.0.0.3' })
    const email = 'fumble@example.com'
    const create = async () =>
      (await client.call(authApi.createToken, { body: { email, type: 'register' } })).status
    const guess = async (token: string) =>
      (await client.call(authApi.register, { body: { name: 'F', surname: 'U', email, token } }))
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
        (await client.call(authApi.createToken, { body: { email, type: 'register' } })).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('rate-limits code creation per IP address', async () => {
    const client = apiClient(server)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const res = await client.call(authApi.createToken, {
        body: { email: `ip${i}@example.com`, type: 'register' },
      })
      statuses.push(res.status)
    }
    // Earlier tests in this file used the same IP; whatever is left of the window runs out.
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
  })

  it('answers a malformed body with a plain error, never a stack trace', async () => {
    // The client's real token pair passes the CSRF check, so the request reaches the body parser.
    const client = apiClient(server)
    for (const body of ['{broken', '{"email": ["x"], "token": {"a": 1}}']) {
      const res = await client.raw({
        method: 'POST',
        path: endpointUrl(authApi.login),
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = res.body.toString()
      expect(res.status, body).toBe(400)
      expect(JSON.parse(text).message).not.toBe('msg_invalid_csrf_token')
      expect(text).not.toMatch(/at .*\.ts:\d+|node_modules|\/src\//)
    }
  })
})
