import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { CODE_MAX_ATTEMPTS, authApi } from '@storyreel/core'
import { loginCodes } from '../../src/db/schema'
import { apiClient, signUp } from '../client'
import { codeFromOutbox, startTestServer, type TestServer } from '../test-server'
import { onPostgres, recordTries } from './attack'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

it.skipIf(!onPostgres)(
  '200 concurrent guesses at one sign-in code, the right one among them',
  async (ctx) => {
    const email = 'race@example.com'
    const client = apiClient(server)
    await client.call(authApi.createToken, { body: { email, type: 'register' } })
    const code = await codeFromOutbox(server.env, email)
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? code : wrong(code)))
    const answers = await Promise.all(
      guesses.map((token) =>
        apiClient(server).call(authApi.register, {
          body: { name: 'Eve', surname: 'Guess', email, token },
        }),
      ),
    )
    recordTries(ctx, answers.length)
    const [row] = await server.app.services.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, email))
    // Exactly CODE_MAX_ATTEMPTS tries were ever compared with the code; the rest were refused.
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0)
  },
)

it('wrong codes across several fresh codes for one address', async (ctx) => {
  const email = 'lockout@example.com'
  const client = apiClient(server)
  let tries = 0
  let locked = false
  for (let round = 0; round < 4 && !locked; round++) {
    const created = await client.call(authApi.createToken, { body: { email, type: 'register' } })
    if (created.status === 429) locked = true
    if (locked) break
    const code = await codeFromOutbox(server.env, email)
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      tries++
      await client.call(authApi.register, {
        body: { name: 'Eve', surname: 'Guess', email, token: wrong(code) },
      })
    }
  }
  recordTries(ctx, tries)
  // After ten wrong tries this client waits before its next code (sign-in-backoff.ts); other
  // addresses still get theirs.
  expect(locked).toBe(true)
  expect(tries).toBeLessThanOrEqual(10)
  const other = await client.call(authApi.createToken, {
    body: { email: 'bystander@example.com', type: 'register' },
  })
  expect(other.status).toBe(200)
})

it('wrong codes from another client, to lock a user out of signing in', async (ctx) => {
  const { email } = await signUp(server)
  const attacker = apiClient(server)
  const statuses: number[] = []
  // The attacker has codes mailed to the user and guesses at them until it is held back.
  for (let round = 0; round < 4; round++) {
    statuses.push(
      (await attacker.call(authApi.createToken, { body: { email, type: 'login' } })).status,
    )
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const token = wrong(await codeFromOutbox(server.env, email))
      statuses.push((await attacker.call(authApi.login, { body: { email, token } })).status)
    }
  }
  recordTries(ctx, statuses.length)
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2 * CODE_MAX_ATTEMPTS)
  expect(statuses.at(-1)).toBe(429)

  // The user, on their own device, asks for a code and signs in; the attacker still waits.
  const user = apiClient(server, { from: '127.0.0.2' })
  const created = await user.call(authApi.createToken, { body: { email, type: 'login' } })
  expect(created.status).toBe(200)
  const token = await codeFromOutbox(server.env, email)
  expect((await user.call(authApi.login, { body: { email, token } })).status).toBe(200)
  const again = await attacker.call(authApi.createToken, { body: { email, type: 'login' } })
  expect(again.status).toBe(429)
})

// Last: it uses up this address's code requests for the window.
it('a spoofed X-Forwarded-For on every sign-in code request', async (ctx) => {
  const client = apiClient(server)
  const statuses: number[] = []
  for (let i = 0; i < 60; i++) {
    const res = await client.call(authApi.createToken, {
      body: { email: `spoof${i}@example.com`, type: 'register' },
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    })
    statuses.push(res.status)
  }
  recordTries(ctx, statuses.length)
  // One real address: the per-IP limit (20 a window) holds whatever the header claims.
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20)
  expect(statuses.at(-1)).toBe(429)
})
