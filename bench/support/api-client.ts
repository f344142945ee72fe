import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createApiClient, fetchTransport, type Transport } from '@storyreel/api-client'
import { authApi } from '@storyreel/core'

export { ApiError } from '@storyreel/api-client'

/** Time taken by each call, by route (method and path pattern), for the bench's percentiles. */
export type Timings = Map<string, number[]>
/** Failed calls (an error status or no answer), by route. */
export type ErrorCounts = Map<string, number>

/** A transport that records each call's time (its answer read in full) and failures by route. */
function timed(inner: Transport, timings?: Timings, errors?: ErrorCounts): Transport {
  return async (request) => {
    const fail = () => errors?.set(request.route, (errors.get(request.route) ?? 0) + 1)
    const t0 = performance.now()
    const res = await inner(request).catch((err: unknown) => {
      fail()
      throw err
    })
    const ms = performance.now() - t0
    if (res.status < 200 || res.status >= 300) fail()
    if (timings) {
      const list = timings.get(request.route) ?? []
      list.push(ms)
      timings.set(request.route, list)
    }
    return res
  }
}

/**
 * A browser-like client of the API (@storyreel/api-client) that records how long each call took
 * under its route. `forwardedFor` is the address it claims through X-Forwarded-For, heard only by
 * a server started with TRUST_PROXY naming the bench's own address: each simulated user then
 * comes from an address of their own, as real users do, and meets the per-address limits as they
 * would.
 */
export function benchClient(
  base: string,
  opts: { forwardedFor?: string; timings?: Timings; errors?: ErrorCounts } = {},
) {
  return createApiClient({
    transport: timed(fetchTransport(base), opts.timings, opts.errors),
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
  })
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
  await client.ok(authApi.createToken, { body: { email, type: 'register' } })
  const token = await codeFromOutbox(dataDir, email)
  await client.ok(authApi.register, { body: { name: 'Bench', surname: 'User', email, token } })
  // Signing in changed the session the token is bound to: fetched again, not refused once.
  client.forgetCsrf()
}
