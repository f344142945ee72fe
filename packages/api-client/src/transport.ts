/** One request as the client hands it over, cookies and CSRF header already in `headers`. */
export interface WireRequest {
  method: string
  /** Path and query on the API's origin, e.g. `/api/web/tasks/…`. */
  path: string
  /**
   * The endpoint's method and path pattern (`GET /api/web/tasks/:id`), or a raw request's method
   * and path: what a transport that counts calls groups them by.
   */
  route: string
  headers: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer> | FormData
}

/** The answer, read in full. */
export interface WireResponse {
  status: number
  headers: Headers
  body: Buffer
}

/**
 * How requests reach the server: over a socket (fetchTransport), through Fastify's `inject` with
 * no socket at all, or through a browser context's request API. The client above it is the same.
 */
export type Transport = (request: WireRequest) => Promise<WireResponse>

/** Requests over HTTP to `origin` (e.g. `http://127.0.0.1:3000`). */
export function fetchTransport(origin: string): Transport {
  return async ({ method, path, headers, body }) => {
    const res = await fetch(origin + path, { method, headers, body })
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }
}
