import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startFakeStock } from '../../apps/server/test/stock-servers'
import type { FakeStock } from '../../apps/server/test/stock-servers'

/** The providers' media hosts in the fake answers, which a test machine cannot reach. */
const MEDIA_URL =
  /https:\/\/(?:images\.unsplash\.com|images\.pexels\.com|videos\.pexels\.com|cdn\.pixabay\.com|pixabay\.com\/get)\/[^"]*/g

export interface BrowserStock {
  /** The fake providers of the server tests: what their APIs were asked, oldest first. */
  fake: FakeStock
  /** Server settings for Unsplash and Pexels through here; Pixabay has no key (not set up). */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * The server tests' fake providers (apps/server/test/stock-servers.ts), for a browser: their
 * answers name the real media hosts, so the API calls go through a proxy that points every media
 * URL at the fake's own files (a photo, its own file per item, or a clip for .mp4), which the page shows and the server
 * downloads (an extra trusted origin). Pixabay is left without a key.
 */
export async function startBrowserStock(): Promise<BrowserStock> {
  const fake = await startFakeStock()
  const proxy = createServer((req, res) => {
    void (async () => {
      const answer = await fetch(fake.url + (req.url ?? '/'), {
        headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
      })
      // Each photo a file of its own, as the providers' are: the server keeps one file once.
      const body = (await answer.text()).replace(MEDIA_URL, (url) =>
        /\.mp4(\?|$)/.test(url)
          ? `${fake.url}/media/clip.mp4`
          : `${fake.url}/media/photo.jpg?of=${encodeURIComponent(url)}`,
      )
      res
        .writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        })
        .end(body)
    })().catch(() => res.writeHead(502).end())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  return {
    fake,
    env: {
      ...fake.env,
      // Empty, not left out: a key in the shell's environment must not set Pixabay up either.
      PIXABAY_API_KEY: '',
      UNSPLASH_API_URL: `${url}/unsplash`,
      PEXELS_API_URL: `${url}/pexels`,
    },
    close: async () => {
      proxy.closeAllConnections()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
      await fake.close()
    },
  }
}
