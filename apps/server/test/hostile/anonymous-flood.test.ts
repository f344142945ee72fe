import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cookieHeader } from '@storyreel/api-client'
import {
  audioApi,
  authApi,
  billingApi,
  compositionApi,
  endpointUrl,
  logApi,
  mediaApi,
  tasksApi,
  type Endpoint,
} from '@storyreel/core'
import { COMPOSES_PER_MINUTE } from '../../src/routes/composition'
import { DESCRIBES_PER_MINUTE, STORED_DESCRIBES_PER_MINUTE } from '../../src/routes/media'
import { apiClient, signUp, type ApiClient } from '../client'
import { formWith } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { bystanderDuring, recordTries } from './attack'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const FLOOD_BODY_BYTES = 2 * 1024 * 1024

/** The headers a browser page would send: its cookies and a CSRF token fetched like the app's. */
async function browserHeaders(client: ApiClient): Promise<Record<string, string>> {
  const { csrfToken } = await client.ok(authApi.csrfToken)
  const cookie = cookieHeader(client.jar)
  return { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }
}

/**
 * POSTs a body declared `bytes` long that is not even JSON, sending its first 64 KB and holding
 * back the rest until an answer comes (`all`: sending it whole). An answer while the body is held
 * back proves the server refused it without waiting to read it; a parsed one would answer 400.
 */
function post(
  path: string,
  headers: Record<string, string>,
  bytes: number,
  opts: { all?: boolean } = {},
): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = http.request(new URL(path, server.url), {
      method: 'POST',
      headers: { ...headers, 'content-length': String(bytes) },
    })
    req.on('response', (res) => {
      answered = true
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        req.destroy()
        const { message } = JSON.parse(Buffer.concat(chunks).toString()) as { message: string }
        resolve({ status: res.statusCode!, message })
      })
    })
    // Writing the rest of a refused body fails once the server has closed the connection.
    req.on('error', (err) => (answered ? undefined : reject(err)))
    const junk = (n: number) => Buffer.alloc(n, '{')
    if (opts.all) req.end(junk(bytes))
    else req.write(junk(Math.min(bytes, 64 * 1024)))
  })
}

const declared: Endpoint[] = [
  audioApi,
  authApi,
  billingApi,
  compositionApi,
  logApi,
  mediaApi,
  tasksApi,
].flatMap((api) => Object.values(api))
const params = { name: 'a.png', id: crypto.randomUUID(), sessionId: 'cs_a', provider: 'pexels' }

it('2 MB of junk to every endpoint that needs a session, without one', async (ctx) => {
  const headers = await browserHeaders(apiClient(server))
  const withBodies = declared.filter((e) => e.body && !e.public)
  expect(withBodies.length).toBeGreaterThan(5)
  const answers = []
  for (const e of withBodies) {
    answers.push({
      path: e.path,
      ...(await post(endpointUrl(e, params), headers, FLOOD_BODY_BYTES)),
    })
  }
  recordTries(ctx, answers.length)
  for (const answer of answers) {
    expect(answer).toEqual({
      path: answer.path,
      status: 401,
      message: 'msg_session_verification_failed',
    })
  }
})

it("a signed-in body over its endpoint's limit", async (ctx) => {
  const { client } = await signUp(server)
  const headers = await browserHeaders(client)
  const answers = [
    await post('/api/composition/create', headers, 300 * 1024),
    await post('/api/media/describe/stored', headers, 64 * 1024),
    await post('/api/auth/local/login', headers, 64 * 1024),
  ]
  recordTries(ctx, answers.length)
  for (const answer of answers) {
    expect(answer).toEqual({ status: 413, message: 'msg_request_too_large' })
  }
})

it('8 anonymous connections sending 2 MB bodies to /composition/create', async (ctx) => {
  const headers = await browserHeaders(apiClient(server))
  const bystander = await signUp(server)
  const answers: { status: number; message: string }[] = []
  const bystanderSaw = await bystanderDuring(
    () => bystander.client.call(tasksApi.list),
    () =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < 10; i++) {
            answers.push(
              await post('/api/composition/create', headers, FLOOD_BODY_BYTES, { all: true }),
            )
          }
        }),
      ),
  )
  recordTries(ctx, answers.length)
  expect(new Set(answers.map((a) => `${a.status} ${a.message}`))).toEqual(
    new Set(['401 msg_session_verification_failed']),
  )
  expect(bystanderSaw.failed).toBe(0)
  expect(bystanderSaw.answered).toBeGreaterThan(0)
})

it('one user composing and describing as fast as the server answers', async (ctx) => {
  const attacker = await signUp(server)
  const other = await signUp(server)
  // Each request is refused for the file it names, but only after it is counted.
  const missing = { filename: 'missing.png', kind: 'image', width: 1, height: 1 }
  const description = {
    ...missing,
    orientation: 'square',
    duration: null,
    dominantColors: [],
    brightness: 0.5,
    sharpness: 0.5,
    focus: { x: 50, y: 50 },
    summary: 'A picture.',
  }
  const calls = {
    compose: {
      limit: COMPOSES_PER_MINUTE,
      send: (c: ApiClient) =>
        c.unchecked(compositionApi.create, { body: { imageDescriptions: [description] } }),
    },
    describeStored: {
      limit: STORED_DESCRIBES_PER_MINUTE,
      send: (c: ApiClient) => c.call(mediaApi.describeStored, { body: { names: ['missing.png'] } }),
    },
    describe: {
      limit: DESCRIBES_PER_MINUTE,
      send: (c: ApiClient) => c.call(mediaApi.describe, { body: formWith([]) }),
    },
  }
  let tries = 0
  for (const [name, { limit, send }] of Object.entries(calls)) {
    const statuses = []
    for (let i = 0; i <= limit; i++) statuses.push((await send(attacker.client)).status)
    tries += statuses.length
    const limited = await send(attacker.client)
    const others = await send(other.client)
    expect({ name, under: new Set(statuses.slice(0, limit)).has(429) }).toEqual({
      name,
      under: false,
    })
    expect({ name, at: statuses[limit], after: limited.message }).toEqual({
      name,
      at: 429,
      after: 'msg_too_many_requests',
    })
    // Per user: another user's call is answered as usual.
    expect({ name, other: others.status }).not.toEqual({ name, other: 429 })
  }
  recordTries(ctx, tries)
})
