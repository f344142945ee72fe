import { createCanvas } from '@napi-rs/canvas'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Composition } from '@storyreel/core'
import { renderComposition } from '@storyreel/render/node'
import { launchBrowser } from './support/browser'

// Videos play in the browser with the colours the user saw in the editor.
// - The render turns its frames to YUV with the BT.601 matrix; a player that is not told so
//   guesses BT.709 for HD sizes, and Chromium showed a drawn red (200, 40, 60) as (213, 58, 61).
// - A clip whose stream does not say its matrix is shown by Chromium as BT.709 from 720 lines up
//   and BT.601 below; ffmpeg alone reads every such clip as BT.601, which put an HD clip's red
//   (200, 41, 60 in the browser) into the video as (184, 22, 56).

const run = promisify(execFile)

/** Saturated colours, where the two matrices differ most, and a grey, where they agree. */
const BARS = [
  [200, 40, 60],
  [40, 180, 90],
  [50, 70, 210],
  [230, 200, 40],
  [30, 190, 200],
  [128, 128, 128],
] as const
/** Levels a channel may move through YUV 4:2:0, x264 and the browser's conversion. */
const TOLERANCE = 5
/**
 * The same through two trips, the clip's YUV and the video's: the browser's own BT.709 reading
 * of the HD clip is 6 levels from the bars in blue. The wrong matrix is 14 to 19 levels off.
 */
const CLIP_TOLERANCE = 8

type Rgb = readonly number[]

/** A PNG of the bars side by side, each a column of the picture. */
async function writeBars(file: string, width: number, height: number): Promise<void> {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  for (const [k, [r, g, b]] of BARS.entries()) {
    ctx.fillStyle = `rgb(${r}, ${g}, ${b})`
    ctx.fillRect(Math.round((k * width) / BARS.length), 0, Math.ceil(width / BARS.length), height)
  }
  await writeFile(file, canvas.toBuffer('image/png'))
}

/** Each bar's centre, as a fraction of the picture: the same under scaling and a centred crop. */
const CENTRES = BARS.map((_, k) => ({ x: (k + 0.5) / BARS.length, y: 0.5 }))

/** Serves the files of `dir` to a page on the same origin, as the app's server serves videos. */
function serveDir(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><video muted playsinline></video>')
      return
    }
    readFile(path.join(dir, path.basename(req.url ?? '')))
      .then((body) => {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': body.length })
        res.end(body)
      })
      .catch(() => res.writeHead(404).end())
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** The colours the browser shows at each centre of a video, half a second in. */
function coloursShown(page: Page, src: string): Promise<Rgb[]> {
  return page.evaluate(
    async ({ src, points }) => {
      const video = document.querySelector('video')!
      video.src = src
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`))
      })
      // Seeked alone may come before the frame is ready to draw (black on a busy machine): the
      // frame callback says it was presented.
      const presented = new Promise((resolve) => video.requestVideoFrameCallback(resolve))
      const seeked = new Promise((resolve) => (video.onseeked = resolve))
      video.currentTime = 0.5
      await Promise.all([seeked, presented])
      const canvas = document.createElement('canvas')
      canvas.width = video.videoWidth
      canvas.height = video.videoHeight
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(video, 0, 0)
      return points.map(({ x, y }) => {
        const at = ctx.getImageData(
          Math.floor(x * canvas.width),
          Math.floor(y * canvas.height),
          1,
          1,
        )
        return Array.from(at.data.slice(0, 3))
      })
    },
    { src, points: CENTRES },
  )
}

function expectClose(
  expected: readonly Rgb[],
  shown: readonly Rgb[],
  what: string,
  tolerance = TOLERANCE,
) {
  for (const [k, want] of expected.entries()) {
    const got = shown[k]!
    const worst = Math.max(...want.map((level, c) => Math.abs(level - got[c]!)))
    expect(
      worst,
      `${what}, bar ${k}: ${want.join(', ')} shown as ${got.join(', ')}`,
    ).toBeLessThanOrEqual(tolerance)
  }
}

/** One slide of `filename` for a second, at the given size. */
function oneSlide(filename: string, width: number, height: number): Composition {
  return {
    movieParams: { width, height, voice: null },
    composition: [{ id: 'bars', filename, duration: 1, effects: [] }],
  }
}

/**
 * A clip of the bars whose stream says nothing of its colours, its YUV made with `matrix`:
 * what an editing tool that drops the tags writes.
 */
async function untaggedClip(file: string, png: string, matrix: 'bt709' | 'bt601') {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-loop', '1', '-i', png, '-t', '1', '-r', '30'],
    ...['-vf', `scale=out_color_matrix=${matrix}:out_range=tv,format=yuv420p`],
    ...['-c:v', 'libx264', '-crf', '12', file],
  ])
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=color_space', '-of', 'csv=p=0', file],
  ])
  expect(stdout.trim()).toBe('unknown')
}

describe('videos in the browser', () => {
  let dir: string
  let browser: Browser
  let server: Server
  let page: Page

  const render = (composition: Composition, out: string) =>
    renderComposition({
      composition,
      resolveMedia: (f) => path.join(dir, f),
      outFile: path.join(dir, out),
      thumbnailFile: path.join(dir, `${out}.jpg`),
    })

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storyreel-e2e-colour-'))
    ;[server, browser] = await Promise.all([serveDir(dir), launchBrowser()])
    page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  })

  afterAll(async () => {
    await browser?.close()
    server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  test('a rendered video shows the colours the engine drew', async () => {
    // HD, where players guess BT.709 when the stream does not say.
    await writeBars(path.join(dir, 'bars.png'), 720, 1280)
    await render(oneSlide('bars.png', 720, 1280), 'photo.mp4')
    expectClose(BARS, await coloursShown(page, '/photo.mp4'), 'the video')
  })

  test.each([
    { label: 'HD', size: [1280, 720], matrix: 'bt709' },
    { label: 'SD', size: [640, 480], matrix: 'bt601' },
  ] as const)(
    'an $label clip without colour tags keeps the colours the browser showed',
    async ({ size: [width, height], matrix }) => {
      const name = `clip-${height}`
      await writeBars(path.join(dir, `${name}.png`), width, height)
      await untaggedClip(path.join(dir, `${name}.mp4`), path.join(dir, `${name}.png`), matrix)
      const inEditor = await coloursShown(page, `/${name}.mp4`)
      // The browser reads the clip with the matrix it was made with: the bars as drawn.
      expectClose(BARS, inEditor, 'the clip', CLIP_TOLERANCE)
      // Rendered at 1280x720, as a 16:9 video: the SD clip is scaled and cropped to fill it.
      await render(oneSlide(`${name}.mp4`, 1280, 720), `${name}-video.mp4`)
      const inVideo = await coloursShown(page, `/${name}-video.mp4`)
      expectClose(inEditor, inVideo, 'the video', CLIP_TOLERANCE)
    },
  )
})
