import { execFile } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { parseArgs } from 'node:util'
import {
  CompositionSchema,
  DEFAULT_MUSIC_VOLUME,
  MUSIC_TRACKS,
  type Composition,
  type EffectName,
} from '@storyreel/core'
import { launchBrowser } from '../e2e/support/browser'
import { previewPage, type PreviewSound } from './preview-page/serve'
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
 * The preview plays with its sound, as in the editor: each slide narrated and a music track under
 * it, scheduled on Web Audio (the page's picture then follows the audio clock). The narration
 * and the music are tones made here by ffmpeg, answered for the API's (what they say costs the
 * page nothing more). `dissolve` plays slides that dissolve into each other all the time (two
 * slides drawn every frame). `--throttle N` slows Chromium's CPU N times (DevTools' CPU
 * throttling), as a mid-range phone: 4. `--profile` adds, under each line, the functions the page's
 * main thread spent most of its time in while playing; `--case NAME` plays only the cases whose names
 * contain it.
 *
 *   npm run preview-fps -w @storyreel/bench [-- --seconds 3 --size 1080x1920 --throttle 4 --profile]
 */
const OUT = new URL('./out/', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    size: { type: 'string', default: '1080x1920' },
    throttle: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    /** Only the cases whose names contain this. */
    case: { type: 'string', default: '' },
  },
})
const seconds = Number(values.seconds)
const throttle = Number(values.throttle)
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

/** Narrated, with music: the editor's preview plays both while it draws. */
const SOUND = {
  voice: 'bdl',
  music: { track: MUSIC_TRACKS[0].id, volume: DEFAULT_MUSIC_VOLUME },
} as const
const NARRATION = 'We walked the old town until the light went gold over the river.'

function composition(photo: string, effects: unknown[]): Composition {
  return CompositionSchema.parse({
    movieParams: { width, height, ...SOUND },
    composition: [
      { id: 'fps', filename: basename(photo), duration: 30, effects, narration: NARRATION },
    ],
  })
}

/** Slides of the longest dissolve, as long as it: every moment after the first is a dissolve. */
const DISSOLVE_SECONDS = 3

function dissolves(photos: string[]): Composition {
  return CompositionSchema.parse({
    movieParams: { width, height, ...SOUND },
    composition: Array.from({ length: 12 }, (_, i) => ({
      id: `dissolve-${i}`,
      filename: basename(photos[i % photos.length]!),
      duration: DISSOLVE_SECONDS,
      effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 130 } }],
      narration: NARRATION,
      transition: { type: 'dissolve', duration: DISSOLVE_SECONDS },
    })),
  })
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples?: number[]
  timeDeltas?: number[]
}

/** The functions the page's main thread spent most of its own time in, as shares of it. */
function topFunctions(profile: Profile, count: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const self = new Map<string, number>()
  const deltas = profile.timeDeltas ?? []
  let total = 0
  for (const [i, id] of (profile.samples ?? []).entries()) {
    const frame = byId.get(id)!
    const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${basename(frame.url)}:${frame.lineNumber + 1}` : ''}`
    const ms = (deltas[i + 1] ?? 0) / 1000
    self.set(name, (self.get(name) ?? 0) + ms)
    total += ms
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${((ms / total) * 100).toFixed(0)} %`)
    .join(', ')
}

/** A tone of `seconds` as MP3, standing in for a narration or a track. */
async function tone(file: string, hz: number, seconds: number): Promise<string> {
  const source = `sine=frequency=${hz}:sample_rate=44100:duration=${seconds}`
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, file])
  return file
}

const photos = await benchPhotos(OUT)
const photo = photos[0]
const sound: PreviewSound = {
  narration: await tone(join(OUT, 'narration.mp3'), 220, 30),
  music: await tone(join(OUT, 'music.mp3'), 440, 20),
}
const host = await previewPage()
const browser = await launchBrowser()
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const media = new Map(photos.map((p) => [basename(p), p]))
  const page = await host.open(context, media, sound)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  let header = false
  const cases = [
    ...Object.entries(SLIDES).map(
      ([name, effects]) => [name, composition(photo!, effects)] as const,
    ),
    ['dissolve', dissolves(photos)] as const,
  ]
  for (const [name, c] of cases.filter(([name]) => name.includes(values.case))) {
    const video = name === 'dissolve'
    await page.evaluate((c) => window.mountPreview(c), c)
    await page.locator('.slide-preview__status').waitFor({ state: 'detached' })
    if (!header) {
      const canvas = page.getByRole('img', { name: 'Slide 1 preview' })
      const size = await canvas.evaluate((el: HTMLCanvasElement) => `${el.width}x${el.height}`)
      console.log(
        `preview-fps: ${width}x${height} movie drawn at ${size}, ${seconds} s each with narration and music playing, CPU throttled ${throttle}x, Chromium ${browser.version()}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
      )
      header = true
    }
    // The dissolves play as the whole video, from the first one on.
    await page.getByRole('button', { name: video ? 'Play video' : 'Play', exact: true }).click()
    await page.waitForFunction(() => window.soundSources() > 0)
    await page.waitForTimeout(video ? (DISSOLVE_SECONDS / 2) * 1000 : 500)
    if (values.profile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
    }
    const intervals = await page.evaluate((ms) => window.frameIntervals(ms), seconds * 1000)
    const profile = values.profile ? (await cdp.send('Profiler.stop')).profile : null
    const sources = await page.evaluate(() => window.soundSources())
    await page.getByRole('button', { name: video ? 'Play video' : 'Pause', exact: true }).click()
    const fps = intervals.length / (intervals.reduce((a, b) => a + b, 0) / 1000)
    const p95 = intervals.sort((a, b) => a - b)[Math.floor(intervals.length * 0.95)]!
    if (sources === 0) throw new Error(`${name}: no sound played`)
    const draft = await page.evaluate((c) => window.drawsDraft(c), c)
    const cost = await page.evaluate(([c, d]) => window.drawCost(c, 60, d), [c, draft] as const)
    const full = draft ? await page.evaluate((c) => window.drawCost(c, 60, false), c) : 0
    console.log(
      `${name.padEnd(24)} ${fps.toFixed(1).padStart(5)} fps  p95 frame ${p95.toFixed(1).padStart(5)} ms  draw ${cost.toFixed(1).padStart(5)} ms${draft ? ` at half size while playing, ${full.toFixed(1)} ms at full size (paused)` : ''}`,
    )
    if (profile) console.log(`  ${topFunctions(profile, 6)}`)
  }
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`)
} finally {
  await browser.close()
  await host.close()
}
