import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

export class ApiError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly apiMessage: string | null,
  ) {
    super(`${route}: ${status} ${apiMessage}`)
  }
}

/** Time taken by each call, by route (method and path pattern), for the bench's percentiles. */
export type Timings = Map<string, number[]>
/** Failed calls (an error status or no answer), by route. */
export type ErrorCounts = Map<string, number>

/**
 * A browser-like client of the API: keeps its cookies, sends the CSRF token on every change,
 * unwraps `{ data, message }`, and records how long each call took under `route` names.
 * `forwardedFor` is the address it claims through X-Forwarded-For, heard only by a server
 * started with TRUST_PROXY naming the bench's own address: each simulated user then comes from
 * an address of their own, as real users do, and meets the per-address limits as they would.
 */
export function benchClient(
  base: string,
  opts: { forwardedFor?: string; timings?: Timings; errors?: ErrorCounts } = {},
) {
  const cookies = new Map<string, string>()
  let csrf: string | null = null
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')

  async function send(
    method: string,
    url: string,
    route: string,
    body?: { json?: unknown; form?: FormData },
  ): Promise<Response> {
    if (method !== 'GET') {
      // The token is bound to the session, which signing in changes: fetched again after it.
      csrf ??= ((await call('GET', '/api/auth/csrf-token')) as { csrfToken: string }).csrfToken
    }
    const headers: Record<string, string> = { cookie: cookieHeader() }
    if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor
    if (method !== 'GET') headers['x-csrf-token'] = csrf!
    if (body?.json !== undefined) headers['content-type'] = 'application/json'
    const t0 = performance.now()
    const fail = () => opts.errors?.set(route, (opts.errors.get(route) ?? 0) + 1)
    const res = await fetch(base + url, {
      method,
      headers,
      body: body?.form ?? (body?.json !== undefined ? JSON.stringify(body.json) : undefined),
    }).catch((err: unknown) => {
      fail()
      throw err
    })
    const bytes = await res.arrayBuffer()
    const ms = performance.now() - t0
    if (!res.ok) fail()
    if (opts.timings) {
      const list = opts.timings.get(route) ?? []
      list.push(ms)
      opts.timings.set(route, list)
    }
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=') as [string, string]
      if (v) cookies.set(k, v)
      else cookies.delete(k)
    }
    return new Response(bytes, { status: res.status, headers: res.headers })
  }

  async function call(
    method: string,
    url: string,
    body?: { json?: unknown; form?: FormData },
    route = `${method} ${url}`,
  ): Promise<unknown> {
    const res = await send(method, url, route, body)
    const answer = (await res.json()) as { data: unknown; message: string | null }
    if (!res.ok) throw new ApiError(route, res.status, answer.message)
    return answer.data
  }

  return {
    get: (url: string, route?: string) => call('GET', url, undefined, route),
    post: (url: string, json: unknown, route?: string) => call('POST', url, { json }, route),
    upload: (url: string, form: FormData, route?: string) => call('POST', url, { form }, route),
    forgetCsrf: () => {
      csrf = null
    },
    cookieHeader,
  }
}

export type BenchClient = ReturnType<typeof benchClient>

/** The newest sign-in code mailed to this address, read from the server's outbox. */
async function codeFromOutbox(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.txt')).sort()
    for (const file of files.reverse()) {
      const text = await readFile(path.join(dir, file), 'utf8')
      if (text.includes(`To: ${email}\n`)) return /\b(\d{6})\b/.exec(text)![1]!
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no mail to ${email}`)
}

/** Signs a new user up through the e-mail code, as the sign-up screen does. */
export async function signUp(client: BenchClient, dataDir: string, email: string) {
  await client.post('/api/auth/local/token/create', { email, type: 'register' })
  const token = await codeFromOutbox(dataDir, email)
  await client.post('/api/auth/local/register', { name: 'Bench', surname: 'User', email, token })
  client.forgetCsrf()
}
