import type { ServerOptions } from 'node:http'

/** Headers come first and are small: a client that needs longer for them is stalling. */
const HEADERS_TIMEOUT_MS = 30_000
/** Node's own interval for checking incomplete requests, the longest used. */
const LONGEST_CHECK_INTERVAL_MS = 30_000

/**
 * The server's limits on how long a client may take to send one request (REQUEST_TIMEOUT_SECONDS:
 * headers and body, an upload of up to 200 MB included). A client trickling its body a byte at a
 * time would otherwise hold its connection, and an upload its temporary file, for as long as it
 * likes. Node checks incomplete requests every quarter of the limit (at most every 30 s), so one
 * is cut off, with a 408, at most that much past the limit. The time the server then takes to
 * answer does not count: an AI describe may think for minutes.
 */
export function requestTimeouts(seconds: number): {
  requestTimeout: number
  http: ServerOptions
} {
  const requestTimeout = Math.round(seconds * 1000)
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(
        Math.ceil(requestTimeout / 4),
        LONGEST_CHECK_INTERVAL_MS,
      ),
    },
  }
}
