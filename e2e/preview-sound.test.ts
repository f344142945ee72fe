import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audioApi, endpointUrl, UI_TEXT } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { phoneContext, watchPageProblems } from './support/browser'
import { makeImage } from './support/media'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

/** One frame of the video: the most the picture may be off the sound. */
const FRAME = 1 / 30

/** Six slides of ten seconds: a minute of video. */
const SLIDE_SECONDS = 10

/** What each slide says (null: silent); all of it short enough not to stretch its slide. */
const NARRATION = [
  'The lake is calm this morning.',
  'Leaves drift on the water while the wind turns cold and the ducks swim slowly to the shore.',
  'A path winds through the trees.',
  null,
  'Lights come on in the village.',
  'And the stars come out over the lake.',
]
const NARRATED = NARRATION.flatMap((text, i) => (text ? [i] : []))

/** A longer reading for slide 2, heard on the next play after it is typed. */
const CHANGED =
  'Red and golden leaves drift on the still water while the evening wind turns cold, and ' +
  'the ducks swim slowly back towards the reeds by the shore.'

/** A source the page started, as the init script saw it. */
interface Started {
  when: number
  offset: number
  duration: number | null
  length: number
  loop: boolean
  stopCalledAt: number | null
  ended: boolean
}

/** An animation frame, with the page's audio clock read in it. */
interface Stamp {
  at: number
  contextTime: number
  performanceTime: number
  currentTime: number
  latency: number
}

interface Frame {
  at: number
  slideIndex: number
  t: number
}

interface SoundLog {
  starts: Started[]
  stamps: Stamp[]
  frames: Frame[]
}

/**
 * Before the app loads: keeps every audio context the page makes, every buffer source it starts
 * (when, from where, for how long, and whether it was stopped and has ended), the audio output
 * clock in each animation frame, and the app's own log of each frame drawn while playing.
 */
function watchSound(page: Page) {
  return page.addInitScript(() => {
    const log = { contexts: [] as AudioContext[], starts: [] as unknown[], stamps: [] as unknown[] }
    const frames: unknown[] = []
    Object.assign(window, { __sound: log, __storyreelPlayedFrames: frames })
    const Base = window.AudioContext
    window.AudioContext = class extends Base {
      constructor(options?: AudioContextOptions) {
        super(options)
        log.contexts.push(this)
      }
    }
    const start = AudioBufferSourceNode.prototype.start
    AudioBufferSourceNode.prototype.start = function (
      this: AudioBufferSourceNode,
      when = 0,
      offset = 0,
      duration?: number,
    ) {
      const started = {
        when,
        offset,
        duration: duration ?? null,
        length: this.buffer?.duration ?? 0,
        loop: this.loop,
        stopCalledAt: null as number | null,
        ended: false,
      }
      log.starts.push(started)
      this.addEventListener('ended', () => (started.ended = true))
      const stop = this.stop.bind(this)
      this.stop = (at?: number) => {
        if (at === undefined) started.stopCalledAt = this.context.currentTime
        stop(at)
      }
      start.call(this, when, offset, duration)
    }
    const stamp = (at: number) => {
      const ctx = log.contexts[0]
      if (ctx) {
        const out = ctx.getOutputTimestamp()
        log.stamps.push({
          at,
          contextTime: out.contextTime ?? 0,
          performanceTime: out.performanceTime ?? 0,
          currentTime: ctx.currentTime,
          latency: ctx.outputLatency || ctx.baseLatency || 0,
        })
      }
      requestAnimationFrame(stamp)
    }
    requestAnimationFrame(stamp)
  })
}

/** Starts a fresh log: what follows is one play's. */
function clearSound(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __sound: SoundLog; __storyreelPlayedFrames: Frame[] }
    w.__sound.starts.length = 0
    w.__sound.stamps.length = 0
    w.__storyreelPlayedFrames.length = 0
  })
}

function soundLog(page: Page): Promise<SoundLog> {
  return page.evaluate(() => {
    const w = window as unknown as { __sound: SoundLog; __storyreelPlayedFrames: Frame[] }
    return {
      starts: w.__sound.starts.map((s) => ({ ...s })),
      stamps: w.__sound.stamps.slice(),
      frames: w.__storyreelPlayedFrames.slice(),
    }
  })
}

/** The context's time heard at the page's time `at`, by the output clock read in that frame. */
function heardAt(stamp: Stamp): number {
  return stamp.performanceTime
    ? stamp.contextTime + (stamp.at - stamp.performanceTime) / 1000
    : stamp.currentTime - stamp.latency
}

async function slides(page: Page) {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: Composition } }).state.composition
    .composition
}

const voices = (log: SoundLog) => log.starts.filter((s) => !s.loop)

describe('a preview you can hear: narration in step with the picture', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('preview-sound')
    ;({ server, browser, workDir } = journey)
    const colours = ['teal', 'olive', 'navy', 'maroon', 'purple', 'gray']
    pictures = await Promise.all(
      colours.map((c) => makeImage(workDir, `${c}.png`, `color=c=${c}:s=320x320`)),
    )
  })

  afterAll(() => journey?.stop())

  test('Play sounds each narration within a frame of the picture over a minute; pause, scrub, edits', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    await watchSound(page)
    try {
      await signUp(page, server, newEmail('preview-sound'))
      await page.getByRole('button', { name: /1:1/ }).click()
      await page.getByLabel('Choose files').setInputFiles(pictures)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Slide 1 of 6' }).waitFor()

      for (const [i, narration] of NARRATION.entries()) {
        await page.getByLabel('Slide duration').fill(String(SLIDE_SECONDS))
        await page.getByLabel('Narration', { exact: true }).fill(narration ?? '')
        await expect
          .poll(async () => {
            const slide = (await slides(page))[i]!
            return { duration: slide.duration, narration: slide.narration ?? '' }
          })
          .toEqual({ duration: SLIDE_SECONDS, narration: narration ?? '' })
        // The carousel wraps: after the sixth, slide 1 again.
        await page.getByRole('button', { name: 'Next slide' }).click()
      }
      await page.getByRole('heading', { name: 'Slide 1 of 6' }).waitFor()
      await page.getByLabel('Time').fill('0')

      // The whole minute, from its start.
      await clearSound(page)
      const playVideo = page.getByRole('button', { name: 'Play video' })
      await playVideo.click()
      await expect.poll(() => playVideo.getAttribute('aria-pressed')).toBe('true')
      await expect
        .poll(() => playVideo.getAttribute('aria-pressed'), { timeout: 180_000 })
        .toBe('false')
      const whole = await soundLog(page)

      // One voice per narrated slide, each from its start (slide 1's from the playhead, 0).
      const started = voices(whole)
      expect(started).toHaveLength(NARRATED.length)
      expect(started.every((s) => s.offset === 0)).toBe(true)
      // Each slide played whole, in order: the picture's slides are the ten seconds this test
      // reckons by. (A busy machine may go a few hundred ms between two frames, so the last
      // frame drawn of a slide is near its end, not at it; the drift below is exact.)
      const order = whole.frames.map((f) => f.slideIndex)
      expect(order).toEqual([...order].sort((a, b) => a - b))
      for (let i = 0; i < NARRATION.length - 1; i++) {
        const last = whole.frames.filter((f) => f.slideIndex === i).at(-1)!
        expect(last.t).toBeGreaterThan(SLIDE_SECONDS - 0.5)
      }
      expect(whole.frames.at(-1)).toMatchObject({ slideIndex: 5, t: SLIDE_SECONDS })

      // Each frame against the sound heard in it: the latest voice started at or before the
      // frame's slide, its position extended on the audio clock.
      const stamps = new Map(whole.stamps.map((s) => [s.at, s]))
      const firstHeard = started[0]!.when
      let drifts: number[] = []
      let waiting = 0
      for (const frame of whole.frames) {
        const stamp = stamps.get(frame.at)
        expect(stamp, `the audio clock in the frame at ${frame.at}`).toBeDefined()
        const heard = heardAt(stamp!)
        if (heard < firstHeard) {
          // Before the first sample is heard the picture holds at the start.
          expect(frame).toMatchObject({ slideIndex: 0, t: 0 })
          waiting++
          continue
        }
        const k = NARRATED.filter((i) => i <= frame.slideIndex).length - 1
        const voice = started[k]!
        const picture = (frame.slideIndex - NARRATED[k]!) * SLIDE_SECONDS + frame.t
        // Past the video's end nothing is heard, and the picture holds its last frame.
        const end = (NARRATION.length - NARRATED[k]!) * SLIDE_SECONDS
        const sound = Math.min(end, voice.offset + (heard - voice.when))
        drifts = [...drifts, picture - sound]
      }
      const worst = Math.max(...drifts.map(Math.abs))
      const firstSecond = drifts.slice(0, 30).map((d) => Math.round(d * 1000))
      console.log(
        `preview-sound drift over ${drifts.length} frames (${waiting} waiting for the sound): ` +
          `worst ${(worst * 1000).toFixed(1)} ms, first frames ${firstSecond.join(' ')} ms`,
      )
      expect(drifts.length).toBeGreaterThan(60 * 20)
      expect(worst).toBeLessThanOrEqual(FRAME)
      // And at the end every source has stopped.
      await expect.poll(async () => (await soundLog(page)).starts.every((s) => s.ended)).toBe(true)

      // Slide 2: Play sounds its voice; Pause silences it within a frame.
      await page.getByRole('button', { name: 'Next slide' }).click()
      await page.getByRole('button', { name: 'Next slide' }).click()
      await page.getByRole('heading', { name: 'Slide 2 of 6' }).waitFor()
      await page.getByLabel('Time').fill('0')
      await clearSound(page)
      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await expect.poll(async () => voices(await soundLog(page))).toHaveLength(1)
      const oldLength = voices(await soundLog(page))[0]!.length
      // Heard for a moment, then paused.
      await expect
        .poll(async () => {
          const log = await soundLog(page)
          const last = log.stamps.at(-1)
          return last ? heardAt(last) - voices(log)[0]!.when : -1
        })
        .toBeGreaterThan(0.3)
      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      const paused = await soundLog(page)
      const pausedAt = paused.stamps.at(-1)!.currentTime
      expect(
        paused.starts.every((s) => s.stopCalledAt !== null && s.stopCalledAt <= pausedAt + FRAME),
      ).toBe(true)
      await expect.poll(async () => (await soundLog(page)).starts.every((s) => s.ended)).toBe(true)

      // A scrub while playing starts the voice again at the scrubbed offset.
      await clearSound(page)
      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await expect.poll(async () => voices(await soundLog(page))).toHaveLength(1)
      await page.getByLabel('Time').fill('1.5')
      await expect.poll(async () => voices(await soundLog(page))).toHaveLength(2)
      const scrubbed = voices(await soundLog(page))
      expect(scrubbed[1]!.offset).toBeCloseTo(1.5, 6)
      expect(scrubbed[0]!.stopCalledAt).not.toBeNull()
      await page.getByRole('button', { name: 'Pause', exact: true }).click()

      // A changed narration: the next play fetches and sounds the new reading.
      const fetched = page.waitForResponse(
        (r) =>
          r.url().endsWith(endpointUrl(audioApi.generate)) &&
          r.request().postData()?.includes(CHANGED) === true,
      )
      const measured = page.waitForResponse(
        (r) =>
          r.url().endsWith(endpointUrl(audioApi.length)) &&
          r.request().postData()?.includes(CHANGED) === true,
      )
      await page.getByLabel('Narration', { exact: true }).fill(CHANGED)
      expect((await fetched).status()).toBe(200)
      const { seconds } = ((await (await measured).json()) as { data: { seconds: number } }).data
      await page.getByLabel('Time').fill('0')
      await clearSound(page)
      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await expect.poll(async () => voices(await soundLog(page))).toHaveLength(1)
      const changed = voices(await soundLog(page))[0]!
      expect(Math.abs(changed.length - oldLength)).toBeGreaterThan(1)
      expect(Math.abs(changed.length - seconds)).toBeLessThan(0.15)
      await page.getByRole('button', { name: 'Pause', exact: true }).click()

      // Audio that fails to come: the picture plays on without it, and the page says so once.
      await page.route(`**${endpointUrl(audioApi.generate)}`, (route) => route.abort())
      await page.getByLabel('Narration', { exact: true }).fill(`${CHANGED} Goodnight.`)
      await page.getByLabel('Time').fill('0')
      await clearSound(page)
      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await toast(page, UI_TEXT.failedPlayAudio).waitFor()
      await expect
        .poll(async () => (await soundLog(page)).frames.at(-1)?.t ?? 0)
        .toBeGreaterThan(0.5)
      expect(voices(await soundLog(page))).toEqual([])
      expect(await toast(page, UI_TEXT.failedPlayAudio).count()).toBe(1)
      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      await page.unroute(`**${endpointUrl(audioApi.generate)}`)

      // Narration and music Off: nothing is fetched or sounded, and the picture plays.
      await page.getByRole('button', { name: 'Audio', exact: true }).click()
      const panel = page.getByRole('dialog', { name: 'Audio' })
      await panel.getByRole('group', { name: 'Voice' }).getByRole('radio', { name: /^Off/ }).click()
      await panel.getByRole('group', { name: 'Music' }).getByRole('radio', { name: /^Off/ }).click()
      await page.getByRole('button', { name: 'Audio', exact: true }).click()
      await panel.waitFor({ state: 'hidden' })
      await page.getByLabel('Time').fill('0')
      await clearSound(page)
      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await expect
        .poll(async () => (await soundLog(page)).frames.at(-1)?.t ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(1)
      expect((await soundLog(page)).starts).toEqual([])
      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
