import type { z } from 'zod'

/** A provider's search that did not answer usable JSON; status 0 when it was not reached. */
export class ProviderError extends Error {
  constructor(
    readonly host: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${host}: ${detail}`)
  }
}

/**
 * GETs a provider's JSON and checks it against the fields we read, so a changed answer fails
 * as a ProviderError instead of a TypeError deep in the mapping. Redirects are errors: the API
 * roots are fixed, and a redirect would carry the key elsewhere.
 */
export async function getJson<S extends z.ZodType>(
  url: URL,
  headers: Record<string, string>,
  schema: S,
  signal: AbortSignal,
): Promise<z.output<S>> {
  const fail = (status: number, detail: string) => new ProviderError(url.host, status, detail)
  let res: Response
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal,
      redirect: 'error',
    })
  } catch (err) {
    throw fail(0, (err as Error).message)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw fail(res.status, `answered ${res.status}`)
  }
  const parsed = schema.safeParse(await res.json().catch(() => undefined))
  if (!parsed.success) throw fail(res.status, `unexpected answer: ${parsed.error.message}`)
  return parsed.data
}
