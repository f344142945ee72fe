import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small S3 on 127.0.0.1 that speaks the wire format our adapter uses: path-style PUT, GET (with
 * Range), HEAD and DELETE of objects, and ListObjectsV2. Objects live in memory. It does not
 * check signatures; it checks that one was sent.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, Buffer>()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    const [, b, ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    if (b !== bucket) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>')
    if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256')) {
      return void res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>')
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? ''
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()
      const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.length}</Size></Contents>`).join('')}</ListBucketResult>`
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(xml)
    }
    if (req.method === 'PUT') {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        objects.set(key, Buffer.concat(chunks))
        res.writeHead(200, { etag: '"x"' }).end()
      })
      return
    }
    const body = objects.get(key)
    if (req.method === 'DELETE') {
      objects.delete(key)
      return void res.writeHead(204).end()
    }
    if (!body) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
    if (m) {
      const part = body.subarray(Number(m[1]), Number(m[2]) + 1)
      res.writeHead(206, {
        'content-length': part.length,
        'content-range': `bytes ${m[1]}-${m[2]}/${body.length}`,
      })
      return void res.end(req.method === 'HEAD' ? undefined : part)
    }
    res.writeHead(200, { 'content-length': body.length, etag: '"x"' })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
