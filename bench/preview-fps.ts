import { cpus, loadavg } from 'node:os'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { CompositionSchema, type Composition, type EffectName } from '@storyreel/core'
import { launchBrowser } from '../e2e/support/browser'
import { previewPage } from './preview-page/serve'
import { benchPhotos } from './render-media'

/**
 * bench/preview-fps: frames per second of the editor's live preview (SlidePreview, the render's
 * own drawFrame) while it plays a slide of a 3000x2000 photo, per effect, in this machine's
 * headless Chromium (Debian's, software canvas). The movie previews with its long side at 960
 * (540x960 for 1080x1920). Prints one line per effect: frames per second while playing (the
 * page's animation frames; the display's 60 Hz is the ceiling), the slowest 5 % of frame
 * intervals, and the median milliseconds one frame takes to draw and read back (the same
 * drawing, timed alone; a costly effect such as blur or distort as drawn while playing: at
 * half size).
 *
 *   npm run preview-fps -w @storyreel/bench [-- --seconds 3 --size 1080x1920]
 */
const OUT = new URL('./out/', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    size: { type: 'string', default: '1080x1920' },
  },
})
const seconds = Number(values.seconds)
const [width, height] = values.size.split('x').map(Number) as [number, number]

const TEXT = { textStart: 0, textEnd: 30, fadeInDuration: 0.5, fadeOutDuration: 0.5 }

/** Each effect in motion over the whole slide; text as the composer writes a caption. */
const SLIDES: Record<string, { name: EffectName; params: Record<string, unknown> }[]> = {
  zoom: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 160 } }],
  pan: [{ name: 'pan', params: {} }],
  fade: [{ name: 'fade', params: { fadeInDuration: 10, fadeOutDuration: 10 } }],
  vignette: [{ name: 'vignette', params: { animate: true, startAmount: 0, endAmount: 100 } }],
  animated_text: [
    {
      name: 'animated_text',
      params: { ...TEXT, text: 'Summer in Lisbon', fontSize: 96, stream: false },
    },
  ],
  stream_text: [
    {
      name: 'stream_text',
      params: {
        ...TEXT,
        text: 'We walked the old town until the light went gold over the river.',
        fontSize: 64,
        charsPerSecond: 12,
      },
    },
  ],
  blur: [{ name: 'blur', params: { startBlur: 0, endBlur: 60 } }],
  distort: [{ name: 'distort', params: { turbulentDisplaceAmount: 40, noiseAmount: 30 } }],
  // The composer's usual slide: zoom, fades, vignette and a title.
  'zoom+fade+vignette+text': [
    { name: 'zoom', params: { zoomStart: 100, zoomEnd: 140 } },
    { name: 'fade', params: { fadeInDuration: 1, fadeOutDuration: 1 } },
    { name: 'vignette', params: {} },
    { name: 'animated_text', params: { ...TEXT, text: 'Summer in Lisbon', fontSize: 96 } },
  ],
}

function composition(photo: string, effects: unknown[]): Composition {
  return CompositionSchema.parse({
    movieParams: { width, height, voice: null },
    composition: [{ id: 'fps', filename: basename(photo), duration: 30, effects }],
  })
}

const [photo] = await benchPhotos(OUT)
const host = await previewPage()
const browser = await launchBrowser()
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await host.open(context, new Map([[basename(photo!), photo!]]))
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  let header = false
  for (const [name, effects] of Object.entries(SLIDES)) {
    const c = composition(photo!, effects)
    await page.evaluate((c) => window.mountPreview(c), c)
    await page.locator('.slide-preview__status').waitFor({ state: 'detached' })
    if (!header) {
      const canvas = page.getByRole('img', { name: 'Slide 1 preview' })
      const size = await canvas.evaluate((el: HTMLCanvasElement) => `${el.width}x${el.height}`)
      console.log(
        `preview-fps: ${width}x${height} movie drawn at ${size}, ${seconds} s each, Chromium ${browser.version()}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
      )
      header = true
    }
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await page.waitForTimeout(500)
    const intervals = await page.evaluate((ms) => window.frameIntervals(ms), seconds * 1000)
    await page.getByRole('button', { name: 'Pause' }).click()
    const fps = intervals.length / (intervals.reduce((a, b) => a + b, 0) / 1000)
    const p95 = intervals.sort((a, b) => a - b)[Math.floor(intervals.length * 0.95)]!
    const draft = await page.evaluate((c) => window.drawsDraft(c), c)
    const cost = await page.evaluate(([c, d]) => window.drawCost(c, 60, d), [c, draft] as const)
    const full = draft ? await page.evaluate((c) => window.drawCost(c, 60, false), c) : 0
    console.log(
      `${name.padEnd(24)} ${fps.toFixed(1).padStart(5)} fps  p95 frame ${p95.toFixed(1).padStart(5)} ms  draw ${cost.toFixed(1).padStart(5)} ms${draft ? ` at half size while playing, ${full.toFixed(1)} ms at full size (paused)` : ''}`,
    )
  }
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`)
} finally {
  await browser.close()
  await host.close()
}
