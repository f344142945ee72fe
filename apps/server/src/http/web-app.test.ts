import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server'

/** A built web app as `vite build` and precompress.mjs leave it. */
async function fakeBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'storyreel-dist-'))
  await mkdir(path.join(dist, 'assets'))
  const js = `console.log(${JSON.stringify('storyreel '.repeat(500))})`
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><div id="root"></div><script src="/assets/app-1a2b3c.js"></script>',
    'assets/app-1a2b3c.js': js,
  }
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(dist, name), body)
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(body))
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(body))
  }
  return dist
}

describe('the web app as npm start serves it', () => {
  let server: TestServer
  let dist: string
  beforeAll(async () => {
    dist = await fakeBuild()
    server = await startTestServer({ env: { WEB_DIST: dist } })
  })
  afterAll(async () => {
    await server.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('sends the build’s Brotli copy of a hashed asset, cached for a year', async () => {
    const res = await fetch(`${server.url}/assets/app-1a2b3c.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toContain('storyreel storyreel')
  })

  it('falls back to gzip, and to the plain file for clients that accept neither', async () => {
    const gz = await fetch(`${server.url}/assets/app-1a2b3c.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const plain = await server.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('storyreel storyreel')
  })

  it('revalidates index.html on every page URL, and answers JSON 404s under /api', async () => {
    for (const url of ['/', '/customize', '/render/abc']) {
      const res = await fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'br' } })
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toBe('no-cache')
      expect(await res.text(), url).toContain('<div id="root">')
    }
    const api = await server.app.inject({ url: '/api/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ data: null, message: 'msg_not_found' })
  })
})
