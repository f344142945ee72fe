import { createCanvas } from '@napi-rs/canvas'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Composition } from '@storyreel/core'
import { renderComposition } from '@storyreel/render/node'
import { launchBrowser } from './support/browser'

// A rendered video plays in the browser with the colours the engine drew. The frames are turned
// to YUV with the BT.601 matrix; a player that is not told so guesses BT.709 for HD sizes, and
// Chromium showed a drawn red (200, 40, 60) as (213, 58, 61).

/** HD, where players guess BT.709 when the stream does not say. */
const W = 720
const H = 1280
/** Saturated colours, where the two matrices differ most, and a grey, where they agree. */
const BARS = [
  [200, 40, 60],
  [40, 180, 90],
  [50, 70, 210],
  [230, 200, 40],
  [30, 190, 200],
  [128, 128, 128],
] as const
/** Levels a channel may move through YUV 4:2:0, x264 at CRF 21 and the browser's conversion. */
const TOLERANCE = 5

function barCentre(k: number): { x: number; y: number } {
  return { x: W / 2, y: Math.round(((k + 0.5) * H) / BARS.length) }
}

async function writeBars(file: string): Promise<void> {
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  for (const [k, [r, g, b]] of BARS.entries()) {
    ctx.fillStyle = `rgb(${r}, ${g}, ${b})`
    ctx.fillRect(0, (k * H) / BARS.length, W, H / BARS.length)
  }
  await writeFile(file, canvas.toBuffer('image/png'))
}

/** Serves the one video, as the app's server would, to a page on the same origin. */
function serveVideo(video: Buffer): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/video.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length })
      res.end(video)
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><video muted playsinline></video>')
    } else {
      res.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe('a rendered video in the browser', () => {
  let dir: string
  let browser: Browser
  let server: Server

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storyreel-e2e-colour-'))
    await writeBars(path.join(dir, 'bars.png'))
    const composition: Composition = {
      movieParams: { width: W, height: H, voice: null },
      composition: [{ id: 'bars', filename: 'bars.png', duration: 1, effects: [] }],
    }
    const outFile = path.join(dir, 'video.mp4')
    await renderComposition({
      composition,
      resolveMedia: (f) => path.join(dir, f),
      outFile,
      thumbnailFile: path.join(dir, 'thumb.jpg'),
    })
    ;[server, browser] = await Promise.all([serveVideo(await readFile(outFile)), launchBrowser()])
  })

  afterAll(async () => {
    await browser?.close()
    server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  test('shows the colours the engine drew', async () => {
    const page = await browser.newPage()
    const { port } = server.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}/`)
    const seen = await page.evaluate(
      async ({ points }) => {
        const video = document.querySelector('video')!
        video.src = '/video.mp4'
        await new Promise((resolve, reject) => {
          video.onloadeddata = resolve
          video.onerror = () => reject(new Error(`video error ${video.error?.code}`))
        })
        video.currentTime = 0.5
        await new Promise((resolve) => (video.onseeked = resolve))
        const canvas = document.createElement('canvas')
        canvas.width = video.videoWidth
        canvas.height = video.videoHeight
        const ctx = canvas.getContext('2d')!
        ctx.drawImage(video, 0, 0)
        return points.map(({ x, y }) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)))
      },
      { points: BARS.map((_, k) => barCentre(k)) },
    )
    for (const [k, drawn] of BARS.entries()) {
      const shown = seen[k]!
      const worst = Math.max(...drawn.map((level, c) => Math.abs(level - shown[c]!)))
      expect(
        worst,
        `bar ${k}: drew ${drawn.join(', ')}, shown ${shown.join(', ')}`,
      ).toBeLessThanOrEqual(TOLERANCE)
    }
  })
})
