import { Agent } from 'undici'
import { FINAL_TASK_STATES, type Task } from '@storyreel/core'
import type { TestServer } from './test-server'
import { codeFromOutbox } from './test-server'

export interface ApiAnswer<T = unknown> {
  status: number
  data: T
  message: string | null
  headers: Headers
  body: Buffer
}

/**
 * A browser-like API client: keeps cookies, fetches the CSRF token once and sends it on every
 * state-changing call, unwraps `{ data, message }`. `from` is the loopback address it connects
 * from (127.0.0.1 unless told: any 127.x.y.z reaches the server), so the server sees another
 * client without trusting X-Forwarded-For.
 */
export function apiClient(
  server: TestServer,
  jar = new Map<string, string>(),
  opts: { from?: string } = {},
) {
  let csrf: string | null = null
  const dispatcher = opts.from ? new Agent({ localAddress: opts.from }) : undefined

  function cookieHeader() {
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async function request<T>(
    method: string,
    url: string,
    init: {
      json?: unknown
      form?: FormData
      headers?: Record<string, string>
      csrf?: boolean
      retried?: boolean
    } = {},
  ): Promise<ApiAnswer<T>> {
    if (method !== 'GET' && init.csrf !== false && !csrf) {
      csrf = (await request<{ csrfToken: string }>('GET', '/api/auth/csrf-token')).data.csrfToken
    }
    const headers: Record<string, string> = { cookie: cookieHeader(), ...init.headers }
    if (method !== 'GET' && init.csrf !== false) headers['x-csrf-token'] = csrf!
    let body: string | FormData | undefined
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.form) {
      body = init.form
    }
    const res = await fetch(server.url + url, {
      method,
      headers,
      body,
      ...(dispatcher && { dispatcher }),
    })
    // The CSRF token is bound to the session: after signing in or out, fetch a new one once.
    if (
      res.status === 403 &&
      headers['x-csrf-token'] &&
      !init.retried &&
      res.headers.get('content-type')?.includes('application/json')
    ) {
      const answer = (await res.clone().json()) as { message?: string }
      if (answer.message === 'msg_invalid_csrf_token') {
        csrf = null
        return request<T>(method, url, { ...init, retried: true })
      }
    }
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [k, v] = pair!.split('=') as [string, string]
      if (/expires=Thu, 01 Jan 1970/i.test(c) || v === '') jar.delete(k)
      else jar.set(k, v)
    }
    const buf = Buffer.from(await res.arrayBuffer())
    const isJson = res.headers.get('content-type')?.includes('application/json')
    const parsed = isJson
      ? (JSON.parse(buf.toString()) as { data: T; message: string | null })
      : null
    return {
      status: res.status,
      data: parsed?.data as T,
      message: parsed?.message ?? null,
      headers: res.headers,
      body: buf,
    }
  }

  return {
    jar,
    get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, { headers }),
    post: <T>(
      url: string,
      json?: unknown,
      opts: { csrf?: boolean; headers?: Record<string, string> } = {},
    ) => request<T>('POST', url, { json: json ?? {}, ...opts }),
    upload: <T>(url: string, form: FormData) => request<T>('POST', url, { form }),
    del: <T>(url: string, opts: { csrf?: boolean } = {}) => request<T>('DELETE', url, opts),
  }
}

export type ApiClient = ReturnType<typeof apiClient>

let counter = 0

/** Signs a new user up through the e-mail code, like the sign-up screen does. */
export async function signUp(
  server: TestServer,
  email = `user${Date.now()}-${counter++}@example.com`,
) {
  const client = apiClient(server)
  const created = await client.post('/api/auth/local/token/create', { email, type: 'register' })
  if (created.status !== 200) throw new Error(`token/create: ${created.status} ${created.message}`)
  const token = await codeFromOutbox(server.env, email)
  const reg = await client.post('/api/auth/local/register', {
    name: 'Ada',
    surname: 'Lovelace',
    email,
    token,
  })
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${reg.message}`)
  return { client, email }
}

/** A task is settled once it can no longer change by itself. */
export const settled = (t: Task) => FINAL_TASK_STATES.includes(t.state)

/**
 * Polls a task like the render page does until `done` holds; `onPoll` sees every answer.
 * Fails with the state it was stuck in after `timeoutMs`.
 */
export async function waitForTask(
  client: ApiClient,
  id: string,
  done: (t: Task) => boolean = settled,
  opts: { timeoutMs?: number; onPoll?: (t: Task) => void } = {},
): Promise<Task> {
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000)
  for (;;) {
    const task = (await client.get<Task>(`/api/web/tasks/${id}`)).data
    opts.onPoll?.(task)
    if (done(task)) return task
    if (Date.now() > deadline) throw new Error(`task ${id} stuck in ${task.state}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}
