import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStock, type FakeStock } from '../../../test/stock-servers'
import { STOCK_MEDIA_HOSTS } from './media-hosts'
import { DownloadError, guardedDownload, type DownloadGuard, type Resolve } from './safe-download'

let fake: FakeStock
let dir: string
beforeAll(async () => {
  fake = await startFakeStock()
  dir = await mkdtemp(path.join(tmpdir(), 'storyreel-download-'))
})
afterAll(async () => {
  await fake.close()
  await rm(dir, { recursive: true, force: true })
})

/** A resolver that knows only these names, and records what it was asked. */
function names(table: Record<string, string[]>) {
  const asked: string[] = []
  const resolve: Resolve = async (host) => {
    asked.push(host)
    const addresses = table[host]
    if (!addresses) throw new Error(`ENOTFOUND ${host}`)
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { resolve, asked }
}

function guard(resolve: Resolve, extraOrigins: string[] = [fake.url]): DownloadGuard {
  return {
    policy: { hosts: new Set(STOCK_MEDIA_HOSTS), extraOrigins: new Set(extraOrigins) },
    resolve,
    maxRedirects: 3,
    timeoutMs: 5000,
  }
}

let n = 0
const target = () => path.join(dir, `file-${n++}`)

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(DownloadError)
  return (err as DownloadError).reason
}

describe('guardedDownload', () => {
  it('downloads from an allowed origin, connecting to the address the guard looked up', async () => {
    // media.test exists nowhere but in this resolver: the connection can only go where it says.
    const { resolve, asked } = names({ 'media.test': ['127.0.0.1'] })
    const origin = `http://media.test:${fake.port}`
    const file = target()
    await guardedDownload(`${origin}/media/photo.jpg`, file, 10_000_000, guard(resolve, [origin]))
    expect(asked).toEqual(['media.test'])
    expect((await readFile(file)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
  })

  it('refuses a host that is not a provider media host, without resolving it', async () => {
    const { resolve, asked } = names({})
    for (const url of [
      'https://evil.example.com/a.jpg',
      'https://images.unsplash.com.evil.example/a.jpg',
      'https://user:pass@images.unsplash.com/a.jpg',
      'https://images.unsplash.com:8443/a.jpg',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await refusal(guardedDownload(url, target(), 1000, guard(resolve))), url).toBe(
        'refused',
      )
    }
    expect(asked).toEqual([])
  })

  it('refuses plain http to a provider host', async () => {
    const { resolve } = names({ 'images.pexels.com': ['93.184.216.34'] })
    const url = 'http://images.pexels.com/photos/1/a.jpeg'
    expect(await refusal(guardedDownload(url, target(), 1000, guard(resolve)))).toBe('refused')
  })

  it('refuses a provider host name that resolves to a private or loopback address', async () => {
    for (const addresses of [
      ['10.0.0.1'],
      ['127.0.0.1'],
      ['93.184.216.34', '169.254.169.254'],
      ['::ffff:127.0.0.1'],
    ]) {
      const { resolve, asked } = names({ 'images.pexels.com': addresses })
      const url = `https://images.pexels.com/photos/1/a.jpeg`
      expect(
        await refusal(guardedDownload(url, target(), 1000, guard(resolve))),
        addresses.join(),
      ).toBe('refused')
      expect(asked).toEqual(['images.pexels.com'])
    }
  })

  it('refuses a redirect to 127.0.0.1, to a private name, or past three hops', async () => {
    const { resolve } = names({ 'images.pexels.com': ['127.0.0.1'] })
    const before = fake.mediaRequests.length
    const redirect = (to: string) => `${fake.url}/redirect?to=${encodeURIComponent(to)}`
    const cases = [
      redirect(`http://127.0.0.1:${fake.port + 1}/media/photo.jpg`),
      redirect(`http://localhost:${fake.port}/media/photo.jpg`),
      redirect(`https://images.pexels.com:443/media/photo.jpg`),
      `${fake.url}/chain/4`,
    ]
    for (const url of cases) {
      expect(await refusal(guardedDownload(url, target(), 10_000_000, guard(resolve))), url).toBe(
        'refused',
      )
    }
    // Only the allowed origin's own hops were requested: nothing was fetched from the targets.
    expect(
      fake.mediaRequests.slice(before).every((p) => p === '/redirect' || p.startsWith('/chain/')),
    ).toBe(true)
  })

  it('follows up to three redirects within allowed origins', async () => {
    const file = target()
    await guardedDownload(`${fake.url}/chain/3`, file, 10_000_000, guard(names({}).resolve))
    expect((await stat(file)).size).toBeGreaterThan(1000)
  })

  it('stops a body past the limit, declared or streamed', async () => {
    const { resolve } = names({})
    const limit = 5 * 1024 * 1024
    expect(
      await refusal(guardedDownload(`${fake.url}/media/huge.jpg`, target(), limit, guard(resolve))),
    ).toBe('too-large')
    expect(
      await refusal(
        guardedDownload(`${fake.url}/media/declared-huge.jpg`, target(), limit, guard(resolve)),
      ),
    ).toBe('too-large')
  })

  it('gives up on a server that does not answer in time, and on a missing file', async () => {
    const slow = { ...guard(names({}).resolve), timeoutMs: 300 }
    expect(await refusal(guardedDownload(`${fake.url}/media/slow.jpg`, target(), 1000, slow))).toBe(
      'failed',
    )
    expect(await refusal(guardedDownload(`${fake.url}/media/none.jpg`, target(), 1000, slow))).toBe(
      'failed',
    )
  })
})
