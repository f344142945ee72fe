import {
  createApiClient,
  fetchTransport,
  type ApiClient,
  type CookieJar,
} from '@storyreel/api-client'
import { FINAL_TASK_STATES, authApi, tasksApi, type Task } from '@storyreel/core'
import { injectTransport } from './inject-transport'
import type { TestServer } from './test-server'
import { codeFromOutbox } from './test-server'

export type { ApiAnswer, ApiClient } from '@storyreel/api-client'

/**
 * A browser-like client of the test server (@storyreel/api-client): through Fastify's inject,
 * or over its socket with `socket` where the test needs a real connection. `jar` starts it with
 * another client's cookies: the same user in a second tab, or after a restart. `from` is the
 * address an injected request comes from (127.0.0.1 unless told), so the server sees another
 * client without trusting X-Forwarded-For.
 */
export function apiClient(
  server: TestServer,
  { jar, socket = false, from }: { jar?: CookieJar; socket?: boolean; from?: string } = {},
): ApiClient {
  const transport = socket
    ? fetchTransport(server.url)
    : injectTransport(server.app, server.url, from)
  return createApiClient({ transport, jar })
}

let counter = 0

/** Signs a new user up through the e-mail code, like the sign-up screen does. */
export async function signUp(
  server: TestServer,
  email = `user${Date.now()}-${counter++}@example.com`,
) {
  const client = apiClient(server)
  await client.ok(authApi.createToken, { body: { email, type: 'register' } })
  const token = await codeFromOutbox(server.env, email)
  const user = { name: 'Ada', surname: 'Lovelace', email, token }
  await client.ok(authApi.register, { body: user })
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
    const task = await client.ok(tasksApi.get, { params: { id } })
    opts.onPoll?.(task)
    if (done(task)) return task
    if (Date.now() > deadline) throw new Error(`task ${id} stuck in ${task.state}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}
