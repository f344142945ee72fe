import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { Events } from 'oauth2-mock-server'
import { cookieHeader, keepCookies, type CookieJar } from '@storyreel/api-client'
import { GOOGLE_SIGN_IN, MESSAGES, UserDataSchema, authApi, endpointUrl } from '@storyreel/core'
import { users } from '../../db/schema'
import { apiClient, signUp } from '../../../test/client'
import {
  startOidcProvider,
  type OidcProvider,
  type ProviderAccount,
} from '../../../test/oidc-provider'
import { startTestServer, type TestServer } from '../../../test/test-server'

/** Where the browser starts Google sign-in, and where the provider sends it back. */
const START = endpointUrl(GOOGLE_SIGN_IN)
const CALLBACK = endpointUrl({ path: GOOGLE_SIGN_IN.callbackPath })

const SESSION_COOKIE = 'sr_session'
const ATTEMPT_COOKIE = 'sr_google_signin'

let counter = 0
function account(extra: Partial<ProviderAccount> = {}): ProviderAccount {
  const n = counter++
  return {
    sub: `10876543210${n}`,
    email: `maya.lopez.${n}@gmail.example`,
    email_verified: true,
    name: 'Maya Lopez',
    given_name: 'Maya',
    family_name: 'Lopez',
    picture: `https://lh3.googleusercontent.com/a/maya-${n}=s96-c`,
    ...extra,
  }
}

/**
 * The app's public origin in these tests, required with Google (its redirect URI): the browser
 * below reaches it at the test server's address, as a proxy in front of the app would.
 */
const PUBLIC_URL = 'http://storyreel.test'

/**
 * A GET as a browser makes it, without following redirects: the jar's cookies go to Storyreel
 * only, and the cookies Storyreel sets or clears land in the jar.
 */
async function browse(server: TestServer, address: string, jar: CookieJar): Promise<Response> {
  const url = address.startsWith(PUBLIC_URL)
    ? server.url + address.slice(PUBLIC_URL.length)
    : address
  const ours = url.startsWith(server.url)
  const cookie = cookieHeader(jar)
  const res = await fetch(url, { redirect: 'manual', headers: ours && cookie ? { cookie } : {} })
  if (ours) keepCookies(jar, res.headers)
  return res
}

const location = (res: Response) => res.headers.get('location') ?? ''

/**
 * Google sign-in as a browser goes through it: /auth/youtube, the provider's authorize endpoint
 * (which approves at once), then the callback, whose URL `tamper` may change first.
 */
async function signInWithGoogle(
  server: TestServer,
  jar: CookieJar,
  opts: { query?: string; tamper?: (callback: URL) => void } = {},
) {
  const start = await browse(server, `${server.url}${START}${opts.query ?? ''}`, jar)
  expect(start.status).toBe(302)
  const authorize = new URL(location(start))
  const approved = await browse(server, authorize.href, jar)
  expect(approved.status).toBe(302)
  const callback = new URL(location(approved))
  opts.tamper?.(callback)
  const done = await browse(server, callback.href, jar)
  expect(done.status).toBe(302)
  return { start, authorize, callback, done, landing: new URL(location(done), server.url) }
}

/** The user data /auth-callback was sent. */
function userInfoOf(landing: URL) {
  expect(landing.pathname).toBe('/auth-callback')
  return UserDataSchema.parse(JSON.parse(landing.searchParams.get('userInfo') ?? 'null'))
}

function expectFailure(landing: URL, code = 'msg_google_oauth_failed') {
  expect(landing.pathname).toBe('/auth-callback')
  expect([...landing.searchParams]).toEqual([['error', code]])
}

async function sessionStatus(server: TestServer, jar: CookieJar): Promise<number> {
  return (await apiClient(server, { jar: new Map(jar) }).call(authApi.verifySession)).status
}

async function accountsOf(server: TestServer, email: string) {
  return server.app.services.db.select().from(users).where(eq(users.email, email))
}

/** A server that accepts connections and never answers: a provider that hangs. */
async function startHangingServer(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('sign-in with Google', () => {
  let provider: OidcProvider
  let server: TestServer

  beforeAll(async () => {
    provider = await startOidcProvider()
    server = await startTestServer({ env: { ...provider.env, PUBLIC_URL } })
  })
  afterAll(async () => {
    await server?.close()
    await provider?.stop()
  })

  it('says Google is offered, and lets its profile pictures through the page policy', async () => {
    const answer = await apiClient(server).call(authApi.providers)
    expect(answer.data).toEqual({ google: true })
    const page = await fetch(`${server.url}/signin`)
    expect(page.headers.get('content-security-policy')).toContain('https://*.googleusercontent.com')
  })

  it('sends the browser to the provider with PKCE (S256), state and nonce in a sealed cookie', async () => {
    const jar: CookieJar = new Map()
    const start = await browse(server, `${server.url}${START}`, jar)
    expect(start.status).toBe(302)
    const authorize = new URL(location(start))
    expect(authorize.origin).toBe(provider.issuer)
    const q = authorize.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(provider.env.GOOGLE_CLIENT_ID)
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}${CALLBACK}`)
    expect(q.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile'])
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/)

    const setCookie = start.headers.getSetCookie().find((c) => c.startsWith(`${ATTEMPT_COOKIE}=`))
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Max-Age=600\b/i)
    // Encrypted: neither the state nor the nonce can be read from it.
    const sealed = jar.get(ATTEMPT_COOKIE)!
    expect(sealed.split('.')).toHaveLength(5)
    expect(sealed).not.toContain(q.get('state'))
    expect(Buffer.from(sealed.replace(/\./g, ''), 'base64url').toString('latin1')).not.toContain(
      q.get('nonce'),
    )
  })

  it('creates the account, opens a session and hands the user data to /auth-callback', async () => {
    const who = account({ email: 'Maya.Lopez.Google@Example.com' })
    provider.signInAs(who)
    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)

    expect(userInfoOf(landing)).toEqual({
      name: 'Maya Lopez',
      profilePicture: who.picture,
      subscription: { type: 'FREE', stripeCustomerId: null, currentPeriodEnd: null },
      limitReached: false,
    })
    expect(landing.searchParams.has('plan')).toBe(false)
    expect(jar.has(ATTEMPT_COOKIE)).toBe(false)
    expect(jar.has(SESSION_COOKIE)).toBe(true)

    const session = await apiClient(server, { jar }).call(authApi.verifySession)
    expect(session.status).toBe(200)
    expect(session.data.userData?.name).toBe('Maya Lopez')
    const [row, ...more] = await accountsOf(server, 'maya.lopez.google@example.com')
    expect(more).toHaveLength(0)
    expect(row).toMatchObject({
      provider: 'google',
      name: 'Maya',
      surname: 'Lopez',
      profilePicture: who.picture,
    })
  })

  it('finds the same account at the next sign-in', async () => {
    const who = account()
    provider.signInAs(who)
    await signInWithGoogle(server, new Map())
    const [first] = await accountsOf(server, who.email)

    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)
    expect(userInfoOf(landing).name).toBe('Maya Lopez')
    const rows = await accountsOf(server, who.email)
    expect(rows.map((r) => r.id)).toEqual([first!.id])
    expect(await sessionStatus(server, jar)).toBe(200)
  })

  it('carries a paid plan to /auth-callback, and drops one that is not', async () => {
    provider.signInAs(account())
    const pro = await signInWithGoogle(server, new Map(), { query: '?plan=PRO' })
    expect(pro.landing.searchParams.get('plan')).toBe('PRO')
    userInfoOf(pro.landing)

    const gold = await signInWithGoogle(server, new Map(), { query: '?plan=GOLD' })
    expect(gold.landing.searchParams.has('plan')).toBe(false)
    userInfoOf(gold.landing)
  })

  it('keeps the name and drops a picture from outside Google', async () => {
    const who = account({
      given_name: undefined,
      family_name: undefined,
      name: 'Ada King Lovelace',
      picture: 'https://attacker.example/tracker.png',
    })
    provider.signInAs(who)
    const { landing } = await signInWithGoogle(server, new Map())
    expect(userInfoOf(landing)).toMatchObject({ name: 'Ada King Lovelace', profilePicture: null })
    const [row] = await accountsOf(server, who.email)
    expect(row).toMatchObject({ name: 'Ada', surname: 'King Lovelace', profilePicture: null })
  })

  it('refuses a forged state', async () => {
    provider.signInAs(account())
    const jar: CookieJar = new Map()
    const { landing, done } = await signInWithGoogle(server, jar, {
      tamper: (callback) => callback.searchParams.set('state', 'forged-by-another-site'),
    })
    expectFailure(landing)
    expect(done.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false)
    expect(jar.has(ATTEMPT_COOKIE)).toBe(false)
    expect(await sessionStatus(server, jar)).toBe(401)
  })

  it('refuses a callback without the attempt cookie, or with a forged one', async () => {
    const who = account()
    provider.signInAs(who)
    const jar: CookieJar = new Map()
    const start = await browse(server, `${server.url}${START}`, jar)
    const approved = await browse(server, location(start), jar)
    const callback = location(approved)

    // One character of the ciphertext changed.
    const parts = jar.get(ATTEMPT_COOKIE)!.split('.')
    parts[3] = (parts[3]!.startsWith('A') ? 'B' : 'A') + parts[3]!.slice(1)
    const forged = await browse(server, callback, new Map([[ATTEMPT_COOKIE, parts.join('.')]]))
    expectFailure(new URL(location(forged), server.url))

    const bare = await browse(server, callback, new Map())
    expectFailure(new URL(location(bare), server.url))
    expect(await accountsOf(server, who.email)).toHaveLength(0)
  })

  it('refuses a replayed callback, with the cookie the browser has left or the one it had', async () => {
    provider.signInAs(account())
    const jar: CookieJar = new Map()
    const start = await browse(server, `${server.url}${START}`, jar)
    const sealed = jar.get(ATTEMPT_COOKIE)!
    const callback = location(await browse(server, location(start), jar))
    const first = await browse(server, callback, jar)
    userInfoOf(new URL(location(first), server.url))

    // The browser's attempt cookie was cleared by the first use.
    const again = await browse(server, callback, jar)
    expectFailure(new URL(location(again), server.url))
    // Someone who kept the cookie: the provider will not exchange the code twice.
    const stolen: CookieJar = new Map([[ATTEMPT_COOKIE, sealed]])
    const replay = await browse(server, callback, stolen)
    expectFailure(new URL(location(replay), server.url))
    expect(stolen.has(SESSION_COOKIE)).toBe(false)
  })

  it('refuses an e-mail address the provider has not verified', async () => {
    const who = account({ email_verified: false })
    provider.signInAs(who)
    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)
    expectFailure(landing)
    expect(jar.has(SESSION_COOKIE)).toBe(false)
    expect(await accountsOf(server, who.email)).toHaveLength(0)
  })

  it.each([
    ['another audience', { aud: 'someone-else.apps.example' }],
    ['another issuer', { iss: 'https://accounts.evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['another nonce', { nonce: 'not-the-one-we-sent' }],
  ])('refuses an ID token with %s', async (_, claims) => {
    const who = account(claims)
    provider.signInAs(who)
    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)
    expectFailure(landing)
    expect(jar.has(SESSION_COOKIE)).toBe(false)
    expect(await accountsOf(server, who.email)).toHaveLength(0)
  })

  it('refuses an ID token not signed by the provider', async () => {
    const who = account()
    provider.signInAs(who)
    provider.server.service.once(Events.BeforeResponse, (response) => {
      const body = response.body as { id_token: string }
      const [header, payload] = body.id_token.split('.')
      body.id_token = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`
    })
    const { landing } = await signInWithGoogle(server, new Map())
    expectFailure(landing)
    expect(await accountsOf(server, who.email)).toHaveLength(0)
  })

  it('fails cleanly when the user declines at the provider', async () => {
    provider.server.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete('code')
      url.searchParams.set('error', 'access_denied')
    })
    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)
    expectFailure(landing)
    expect(jar.has(SESSION_COOKIE)).toBe(false)
  })

  it('fails cleanly when the provider refuses the code', async () => {
    provider.signInAs(account())
    provider.server.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    const { landing } = await signInWithGoogle(server, new Map())
    expectFailure(landing)
  })

  it('keeps an e-mail account to its e-mail code', async () => {
    const { email } = await signUp(server)
    provider.signInAs(account({ email }))
    const jar: CookieJar = new Map()
    const { landing } = await signInWithGoogle(server, jar)
    expectFailure(landing, 'msg_user_invalid_provider')
    expect(jar.has(SESSION_COOKIE)).toBe(false)
    const [row] = await accountsOf(server, email)
    expect(row!.provider).toBe('local')
  })

  it('keeps a Google account to Google: no e-mail code, no code login', async () => {
    const who = account()
    provider.signInAs(who)
    await signInWithGoogle(server, new Map())

    const client = apiClient(server)
    const token = await client.call(authApi.createToken, {
      body: { email: who.email, type: 'login' },
    })
    expect(token.status).toBe(MESSAGES.msg_user_invalid_provider.status)
    expect(token.message).toBe('msg_user_invalid_provider')

    const login = await client.call(authApi.login, { body: { email: who.email, token: '123456' } })
    expect(login.status).toBe(MESSAGES.msg_user_invalid_provider.status)
    expect(login.message).toBe('msg_user_invalid_provider')
    expect((await client.call(authApi.verifySession)).status).toBe(401)
  })
})

describe('Google sign-in when the provider is down or slow', () => {
  let hanging: Awaited<ReturnType<typeof startHangingServer>>
  let provider: OidcProvider
  const servers: TestServer[] = []

  beforeAll(async () => {
    hanging = await startHangingServer()
    provider = await startOidcProvider()
    // Discovery works; the code exchange goes to a token endpoint that never answers.
    provider.server.service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
      ;(response.body as { token_endpoint: string }).token_endpoint = `${hanging.url}/token`
    })
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await provider?.stop()
    hanging?.server.closeAllConnections()
    hanging?.server.close()
  })

  async function serverWith(env: Record<string, string>) {
    const server = await startTestServer({
      env: { ...provider.env, PUBLIC_URL, GOOGLE_TIMEOUT_SECONDS: '1', ...env },
    })
    servers.push(server)
    return server
  }

  it('gives up on a provider that does not answer, and says so', async () => {
    const server = await serverWith({ GOOGLE_ISSUER: hanging.url })
    const started = Date.now()
    const res = await browse(server, `${server.url}${START}`, new Map())
    // The provider never answers: ending at all is the point; the bound is far from 1 s.
    expect(Date.now() - started).toBeLessThan(20_000)
    expectFailure(new URL(location(res), server.url))
  })

  it('says so when nothing listens at the provider', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const server = await serverWith({ GOOGLE_ISSUER: `http://127.0.0.1:${port}` })
    const res = await browse(server, `${server.url}${START}`, new Map())
    expectFailure(new URL(location(res), server.url))
  })

  it('gives up on a code exchange that does not answer', async () => {
    provider.signInAs(account())
    const server = await serverWith({})
    const jar: CookieJar = new Map()
    const started = Date.now()
    const { landing } = await signInWithGoogle(server, jar)
    expect(Date.now() - started).toBeLessThan(20_000)
    expectFailure(landing)
    expect(jar.has(SESSION_COOKIE)).toBe(false)
  })
})

describe('Google sign-in served over HTTPS', () => {
  let provider: OidcProvider
  let server: TestServer
  beforeAll(async () => {
    provider = await startOidcProvider()
    server = await startTestServer({
      env: { ...provider.env, PUBLIC_URL: 'https://storyreel.example' },
    })
  })
  afterAll(async () => {
    await server?.close()
    await provider?.stop()
  })

  it('sends the public address as the redirect URI and keeps the attempt in a __Host- cookie', async () => {
    // A forged Host cannot change where the provider sends the code.
    const res = await fetch(`${server.url}${START}`, {
      redirect: 'manual',
      headers: { host: 'evil.example' },
    })
    const authorize = new URL(location(res))
    expect(authorize.searchParams.get('redirect_uri')).toBe(`https://storyreel.example${CALLBACK}`)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sr_google_signin='))
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/; Path=\/(;|$)/)
  })
})

describe('without Google credentials', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  it('offers no Google sign-in', async () => {
    const answer = await apiClient(server).call(authApi.providers)
    expect(answer.data).toEqual({ google: false })
    for (const path of [
      endpointUrl(GOOGLE_SIGN_IN, {}, { plan: 'PRO' }),
      `${CALLBACK}?code=x&state=y`,
    ]) {
      const res = await browse(server, `${server.url}${path}`, new Map())
      expect(res.status).toBe(302)
      expectFailure(new URL(location(res), server.url), 'msg_google_not_configured')
    }
    const page = await fetch(`${server.url}/signin`)
    expect(page.headers.get('content-security-policy')).not.toContain('googleusercontent')
  })
})
