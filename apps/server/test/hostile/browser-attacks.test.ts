import { afterAll, beforeAll, expect, it } from 'vitest'
import { CSRF_HEADER, authApi, endpointUrl, logApi, mediaApi } from '@storyreel/core'
import { apiClient, signUp } from '../client'
import { formWith, pictureFile } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const signedIn = async (client: ReturnType<typeof apiClient>) =>
  (await client.call(authApi.verifySession)).status === 200

it('another site signs the user out with a link to logout', async (ctx) => {
  const { client } = await signUp(server)
  // What a foreign page can make the browser send: a GET, or a POST without our token.
  const viaGet = await client.raw({ method: 'GET', path: endpointUrl(authApi.logout) })
  const viaForm = await client.call(authApi.logout, { csrf: false })
  recordTries(ctx, 2)
  expect(viaGet.status).toBe(404)
  expect(viaForm.status).toBe(403)
  expect(await signedIn(client)).toBe(true)
  expect((await client.call(authApi.logout)).status).toBe(200)
  expect(await signedIn(client)).toBe(false)
})

it('a picture with HTML appended, opened as a page from our origin', async (ctx) => {
  const { client } = await signUp(server)
  const png = Buffer.from(await pictureFile('a.png').arrayBuffer())
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>')
  const file = new File([Buffer.concat([png, html])], 'page.png', { type: 'image/png' })
  const described = await client.call(mediaApi.describe, { body: formWith([file]) })
  recordTries(ctx, 1)
  const name = described.data.descriptions[0]!.filename
  const served = await client.call(mediaApi.getUpload, { params: { name } })
  expect(served.headers.get('content-type')).toBe('image/png')
  expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  expect(served.headers.get('content-security-policy')).toMatch(/sandbox/)
})

it('the app framed by another site, or leaking its URLs', async (ctx) => {
  const res = await apiClient(server).call(authApi.csrfToken)
  recordTries(ctx, 1)
  const csp = res.headers.get('content-security-policy') ?? ''
  expect(csp).toMatch(/default-src 'self'/)
  expect(csp).toMatch(/script-src 'self'/)
  expect(csp).toMatch(/frame-ancestors 'none'/)
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  expect(res.headers.get('referrer-policy')).toBe('same-origin')
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
})

it('session cookies over HTTPS, and a CSRF token reused across sessions', async (ctx) => {
  const https = await startTestServer({ env: { PUBLIC_URL: 'https://storyreel.example' } })
  try {
    const { client } = await signUp(https)
    const session = [...client.jar.keys()].find((k) => k.includes('sr_session'))
    expect(session).toBe('__Host-sr_session')
    const check = await apiClient(https).call(authApi.csrfToken)
    expect(check.headers.getSetCookie().join('\n')).toMatch(/__Host-sr_csrf=.*Secure/)
  } finally {
    await https.close()
  }

  // A token taken before signing in, or in another user's session, is refused.
  const anonymous = apiClient(server)
  const before = (await anonymous.call(authApi.csrfToken)).data
  const { client: alice } = await signUp(server)
  const { client: bob } = await signUp(server)
  const bobs = (await bob.call(authApi.csrfToken)).data.csrfToken
  const stale = await alice.call(authApi.logout, {
    csrf: false,
    headers: { [CSRF_HEADER]: before.csrfToken },
  })
  const foreign = await alice.call(authApi.logout, {
    csrf: false,
    headers: { [CSRF_HEADER]: bobs },
  })
  recordTries(ctx, 4)
  expect(stale.message).toBe('msg_invalid_csrf_token')
  expect(foreign.message).toBe('msg_invalid_csrf_token')
  expect(await signedIn(alice)).toBe(true)
})

it('error reports without a session, too big, or by the thousand', async (ctx) => {
  const anonymous = apiClient(server)
  const noSession = await anonymous.call(logApi.error, { body: { error: 'x' } })
  const { client } = await signUp(server)
  const big = await client.call(logApi.error, {
    body: { error: 'x'.repeat(9000) + 'y'.repeat(9000) },
  })
  const statuses: number[] = []
  for (let i = 0; i < 15; i++)
    statuses.push((await client.call(logApi.error, { body: { error: 'e' } })).status)
  recordTries(ctx, 17)
  expect(noSession.status).toBe(401)
  expect([400, 413]).toContain(big.status)
  // Ten reports a minute, the oversized one included.
  expect(statuses.filter((s) => s === 200)).toHaveLength(9)
  expect(statuses.at(-1)).toBe(429)
})
