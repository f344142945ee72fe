import { createWriteStream } from 'node:fs'
import { lookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Agent, request } from 'undici'
import { isPublicAddress } from './address-policy'
import { mediaHostTrust, type MediaHostPolicy } from './media-hosts'

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<LookupAddress[]>

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true })

/**
 * Why a download stopped: 'refused' (a host, scheme or address that is not allowed, or too many
 * redirects), 'too-large' (over the byte limit), 'failed' (unreachable, timed out, not 200).
 */
export class DownloadError extends Error {
  constructor(
    readonly reason: 'refused' | 'too-large' | 'failed',
    message: string,
  ) {
    super(message)
  }
}

export interface DownloadGuard {
  policy: MediaHostPolicy
  /** Injected by tests, so a name can resolve to a private address without any DNS. */
  resolve: Resolve
  maxRedirects: number
  /** For the whole download, redirects included. */
  timeoutMs: number
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** A body we do not keep (a redirect's, an error page) is read this far at most, then dropped. */
const DISCARDED_BODY_LIMIT = 64 * 1024

/**
 * The address to connect to: the host's addresses from one lookup, every one of them public for
 * a provider's host (an attacker's name may list a public address beside a private one).
 */
async function vettedAddress(url: URL, trust: 'public' | 'trusted', resolve: Resolve) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(host)
  const addresses = family
    ? [{ address: host, family }]
    : await resolve(host).catch((err: Error) => {
        throw new DownloadError('failed', `cannot resolve ${host}: ${err.message}`)
      })
  if (addresses.length === 0) throw new DownloadError('failed', `${host} has no address`)
  if (trust === 'public' && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new DownloadError('refused', `${host} resolves to a non-public address`)
  }
  return addresses[0]!
}

/**
 * A connection pool that connects to the vetted address whatever the host name: the name is not
 * resolved a second time, so DNS rebinding cannot swap the address after the check. TLS still
 * checks the certificate against the host name.
 */
function pinnedAgent(target: LookupAddress) {
  return new Agent({
    connect: {
      lookup: (_host, options, callback) => {
        // Node asks for all addresses when it may try several (autoSelectFamily).
        if (options.all) callback(null, [target])
        else callback(null, target.address, target.family)
      },
    },
  })
}

function byteLimit(maxBytes: number) {
  let received = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      if (received > maxBytes) done(new DownloadError('too-large', `over ${maxBytes} bytes`))
      else done(null, chunk)
    },
  })
}

/**
 * Downloads a URL into `file` when every hop is allowed by the policy: redirects are followed by
 * hand, each new URL checked like the first, at most `maxRedirects`; every connection goes to
 * an address checked before connecting; the body is cut off past `maxBytes`. Whatever fails,
 * the caller removes `file`.
 */
export async function guardedDownload(
  href: string,
  file: string,
  maxBytes: number,
  guard: DownloadGuard,
): Promise<void> {
  if (!URL.canParse(href)) throw new DownloadError('refused', 'not a URL')
  const signal = AbortSignal.timeout(guard.timeoutMs)
  let url = new URL(href)
  for (let hop = 0; ; hop++) {
    const trust = mediaHostTrust(url, guard.policy)
    if (!trust) throw new DownloadError('refused', `not an allowed media address: ${url.origin}`)
    const agent = pinnedAgent(await vettedAddress(url, trust, guard.resolve))
    try {
      const host = url.host
      const res = await request(url, { dispatcher: agent, signal }).catch((err: Error) => {
        throw new DownloadError('failed', `${host}: ${err.message}`)
      })
      if (REDIRECTS.has(res.statusCode)) {
        await res.body.dump({ limit: DISCARDED_BODY_LIMIT }).catch(() => {})
        const location = res.headers.location
        if (hop >= guard.maxRedirects) throw new DownloadError('refused', 'too many redirects')
        if (typeof location !== 'string' || !URL.canParse(location, url)) {
          throw new DownloadError('failed', 'redirect without a valid location')
        }
        url = new URL(location, url)
        continue
      }
      if (res.statusCode !== 200) {
        await res.body.dump({ limit: DISCARDED_BODY_LIMIT }).catch(() => {})
        throw new DownloadError('failed', `${host} answered ${res.statusCode}`)
      }
      if (Number(res.headers['content-length']) > maxBytes) {
        await res.body.dump({ limit: DISCARDED_BODY_LIMIT }).catch(() => {})
        throw new DownloadError('too-large', `declared over ${maxBytes} bytes`)
      }
      await pipeline(res.body, byteLimit(maxBytes), createWriteStream(file)).catch((err) => {
        throw err instanceof DownloadError ? err : new DownloadError('failed', String(err))
      })
      return
    } finally {
      await agent.destroy()
    }
  }
}
