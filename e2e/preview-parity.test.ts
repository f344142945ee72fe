import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  CompositionSchema,
  FONTS,
  scaledFontSize,
  type Composition,
  type DescribeAnswer,
} from '@storyreel/core'
import { FPS } from '@storyreel/render'
import { FRAME_JPEG_QUALITY, registerFonts } from '@storyreel/render/node'
import { buildParityPage } from './parity/build'
import { newEmail, signUp } from './support/auth'
import { DESKTOP, launchBrowser } from './support/browser'
import { makeImage } from './support/media'
import { startServer, type TestServer } from './support/server'

// The parity spec: a frame that @storyreel/render/browser draws in Chromium (the editor's
// preview) equals the frame POST /api/composition/frame renders on the server (the video).

/** The parity page and the picture come from this made-up origin, answered by page.route. */
const PAGE_ORIGIN = 'http://parity.test'
const W = 360
const H = 640

/**
 * Every channel of the browser frame must be at least this close to the server frame, in PSNR
 * over the whole frame. The browser's PNG goes through the server's JPEG encoder first: compared
 * with the JPEG as it is, the same frame scores only 32.1-37.1 dB (4:2:0 chroma on the test
 * pattern's hard edges), no better than a frame one frame off. Measured here (Chromium 156, per
 * channel, both slides): the same frame 38.9-42.7 dB, the rest being glyph edges (Chromium and
 * @napi-rs/canvas antialias text a little differently; positions agree to 1/8 px); deliberate
 * mismatches 32.1 dB at best: one frame later 28.3-34.9 (each frame's worst channel 28.3 and
 * 32.1), the zoom ending 10 points further 26.7-39.9 (worst 31.1 and 26.7), the text moved 3.6 px
 * 22.1-24.5, the two fonts swapped 22.0-24.6.
 */
const MIN_PSNR_DB = 35

interface Variant {
  /** The fonts of the two texts (the first slide has both, the second the second). */
  fonts?: [string, string]
  /** Moves every text right, percent of the frame width. */
  shiftX?: number
  /** Added to every zoom's zoomEnd. */
  zoomEnd?: number
}

/** Two slides over one picture: zoom in mid-way through a fade, and zoom out with streamed text. */
function storyboard(filename: string, v: Variant = {}): Composition {
  const [first, second] = v.fonts ?? ['Arial', 'Times-Roman']
  const id = filename.replace(/\.\w+$/, '')
  const text = (font: string, words: string, x: number, y: number, more: object = {}) => ({
    name: 'animated_text',
    params: {
      text: words,
      font,
      fontSize: 110,
      color: { r: 255, g: 255, b: 255 },
      border: { color: { r: 150, g: 20, b: 60 }, width: 6 },
      startPositionX: x + (v.shiftX ?? 0),
      endPositionX: x + 8 + (v.shiftX ?? 0),
      startPositionY: y,
      endPositionY: y + 8,
      textStart: 0,
      textEnd: 4,
      fadeInDuration: 0,
      fadeOutDuration: 0,
      stream: false,
      ...more,
    },
  })
  const zoom = (zoomStart: number, zoomEnd: number, more: object = {}) => ({
    name: 'zoom',
    params: { zoomStart, zoomEnd: zoomEnd + (v.zoomEnd ?? 0), ...more },
  })
  return CompositionSchema.parse({
    movieParams: { width: W, height: H, voice: null },
    composition: [
      {
        id,
        filename,
        duration: 4,
        effects: [
          zoom(100, 160),
          { name: 'fade', params: { fadeInDuration: 2, fadeOutDuration: 0.5 } },
          { name: 'vignette', params: { amount: 70, size: 0.8 } },
          text(first, 'Parity in Arial', 46, 20),
          text(second, 'and the same in Times', 46, 62),
        ],
      },
      {
        id,
        filename,
        duration: 3,
        effects: [
          zoom(150, 100, { focusX: 30, focusY: 60 }),
          { name: 'vignette', params: { amount: 100, size: 0.7, roundness: 1 } },
          text(second, 'Word by word', 40, 40, { stream: true, charsPerSecond: 6 }),
        ],
      },
    ],
  })
}

/** Mid-zoom; on the first slide also mid-fade; on the second mid-stream ("Word by w"). */
const INSTANTS = [
  { slideIndex: 0, t: 1.3 },
  { slideIndex: 1, t: 1.6 },
]

/** What a broken preview could look like: each must fail the check. */
const MISMATCHES: { name: string; variant: Variant; dt: number }[] = [
  { name: 'one frame later', variant: {}, dt: 1 / FPS },
  { name: 'zoom ending 10 points further', variant: { zoomEnd: 10 }, dt: 0 },
  { name: 'text moved 3.6 px', variant: { shiftX: 1 }, dt: 0 },
  { name: 'fonts swapped', variant: { fonts: ['Times-Roman', 'Arial'] }, dt: 0 },
]

interface Pixels {
  width: number
  height: number
  data: Uint8ClampedArray
}

async function decode(bytes: Buffer): Promise<Pixels> {
  const img = await loadImage(bytes)
  const canvas = createCanvas(img.width, img.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(img, 0, 0)
  const { data } = ctx.getImageData(0, 0, img.width, img.height)
  return { width: img.width, height: img.height, data }
}

/** PSNR of R, G and B over the whole frame, dB. */
function psnr(a: Pixels, b: Pixels): number[] {
  expect([a.width, a.height]).toEqual([b.width, b.height])
  const squares = [0, 0, 0]
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) squares[c]! += (a.data[i + c]! - b.data[i + c]!) ** 2
  }
  const n = a.data.length / 4
  return squares.map((s) => (s === 0 ? Infinity : 10 * Math.log10((255 * 255 * n) / s)))
}

const dB = (channels: number[]) => `PSNR R/G/B ${channels.map((x) => x.toFixed(1)).join('/')} dB`

/** Browser | server | their difference x8, to look at when the check fails. */
async function saveSideBySide(file: string, a: Pixels, b: Pixels): Promise<void> {
  const canvas = createCanvas(a.width * 3, a.height)
  const ctx = canvas.getContext('2d')
  const diff = new Uint8ClampedArray(a.data.length)
  for (let i = 0; i < diff.length; i += 4) {
    for (let c = 0; c < 3; c++) diff[i + c] = Math.abs(a.data[i + c]! - b.data[i + c]!) * 8
    diff[i + 3] = 255
  }
  ;[a.data, b.data, diff].forEach((data, i) => {
    const image = ctx.createImageData(a.width, a.height)
    image.data.set(data)
    ctx.putImageData(image, i * a.width, 0)
  })
  await writeFile(file, await canvas.encode('png'))
}

describe('preview parity: Chromium draws the frame the server renders', () => {
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let api: APIRequestContext
  let csrf: string
  let workDir: string
  let filename: string

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'storyreel-parity-'))
    const pageDir = path.join(workDir, 'page')
    let picture: string
    ;[server, browser, picture] = await Promise.all([
      startServer(),
      launchBrowser(),
      makeImage(workDir, 'pattern.png', 'testsrc2=s=1600x1200'),
      buildParityPage(pageDir),
    ])

    // A signed-up user uploads the picture; the server renders its frames from that upload.
    context = await browser.newContext({ viewport: DESKTOP })
    page = await context.newPage()
    await signUp(page, server, newEmail('parity'))
    api = context.request
    const token = await api.get(`${server.url}/api/auth/csrf-token`)
    csrf = ((await token.json()) as { data: { csrfToken: string } }).data.csrfToken
    const upload = await api.post(`${server.url}/api/media/describe`, {
      headers: { 'x-csrf-token': csrf },
      multipart: {
        files: { name: 'pattern.png', mimeType: 'image/png', buffer: await readFile(picture) },
      },
    })
    expect(upload.status()).toBe(200)
    const answer = (await upload.json()) as { data: DescribeAnswer }
    filename = answer.data.descriptions[0]!.filename

    // The browser gets the same picture file beside the page.
    await page.route(`${PAGE_ORIGIN}/**`, (route) => {
      const { pathname } = new URL(route.request().url())
      if (pathname === '/picture.png') return route.fulfill({ path: picture })
      return route.fulfill({ path: path.join(pageDir, pathname === '/' ? 'index.html' : pathname) })
    })
    await page.goto(`${PAGE_ORIGIN}/`)
    await page.waitForFunction(() => typeof window.drawParity === 'function')
  })

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  async function serverFrame(composition: Composition, slideIndex: number, t: number) {
    const res = await api.post(`${server.url}/api/composition/frame`, {
      headers: { 'x-csrf-token': csrf },
      data: { composition, slideIndex, t },
    })
    expect(res.status(), await res.text()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/jpeg')
    return decode(await res.body())
  }

  /** The browser's lossless frame, through the server's JPEG encoder (see MIN_PSNR_DB). */
  async function browserFrame(composition: Composition, slideIndex: number, t: number) {
    const dataUrl = await page.evaluate(([c, i, t, url]) => window.drawParity(c, i, t, url), [
      composition,
      slideIndex,
      t,
      `${PAGE_ORIGIN}/picture.png`,
    ] as const)
    const png = await loadImage(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
    expect([png.width, png.height]).toEqual([W, H])
    const canvas = createCanvas(W, H)
    canvas.getContext('2d').drawImage(png, 0, 0)
    return decode(await canvas.encode('jpeg', FRAME_JPEG_QUALITY))
  }

  test('a slide drawn in Chromium matches the server frame at the same t', async () => {
    const composition = storyboard(filename)
    for (const { slideIndex, t } of INSTANTS) {
      const where = `slide ${slideIndex} at ${t} s`
      const [ours, theirs] = await Promise.all([
        browserFrame(composition, slideIndex, t),
        serverFrame(composition, slideIndex, t),
      ])
      const look = path.join(tmpdir(), `storyreel-preview-parity-${slideIndex}.png`)
      await saveSideBySide(look, ours, theirs)
      const match = psnr(ours, theirs)
      expect(Math.min(...match), `${where}: ${dB(match)}, see ${look}`).toBeGreaterThan(MIN_PSNR_DB)

      // The check is sharp enough to catch what a broken preview would show.
      for (const { name, variant, dt } of MISMATCHES) {
        const wrong = await serverFrame(storyboard(filename, variant), slideIndex, t + dt)
        const off = psnr(ours, wrong)
        expect(Math.min(...off), `${where}, ${name}: ${dB(off)}`).toBeLessThan(MIN_PSNR_DB)
      }
    }
  })

  // Text layout wraps by measured widths and places baselines by the font box's ascent and
  // descent: all three must agree for lines to break and sit alike (ARCHITECTURE.md: 0.000 px).
  test('text measures the same in Chromium and in Node with the same font file', async () => {
    registerFonts()
    const ctx = createCanvas(1, 1).getContext('2d')
    const texts = ['Parity in Arial', 'and the same in Times', 'Wavy fjord, ffi 0123 ÄÖÜ é?!']
    for (const { value } of FONTS) {
      for (const px of [scaledFontSize(110, W, H), 48, 72.5]) {
        for (const text of texts) {
          const inBrowser = await page.evaluate(
            ([font, px, text]) => window.measureParity(font, px, text),
            [value, px, text] as const,
          )
          ctx.font = `${px}px "${value}"`
          const inNode = ctx.measureText(text)
          const where = `${value} ${px}px "${text}"`
          expect(Math.abs(inBrowser.width - inNode.width), where).toBeLessThanOrEqual(0.01)
          expect(
            Math.abs(inBrowser.fontBoundingBoxAscent - inNode.fontBoundingBoxAscent),
            where,
          ).toBeLessThanOrEqual(0.01)
          expect(
            Math.abs(inBrowser.fontBoundingBoxDescent - inNode.fontBoundingBoxDescent),
            where,
          ).toBeLessThanOrEqual(0.01)
        }
      }
    }
  })
})
