import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FPS, type Slide } from '@storyreel/core'
import { newEmail, signUp } from './support/auth'
import { watchPageProblems } from './support/browser'
import { makeImage } from './support/media'
import { FFMPEG } from './support/paths'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

// Issue 34, item 1: adjacent slides dissolve into each other by default, with no black at the
// boundary, and a dip to black shows only where the user chose it, at each boundary, in the
// editor. Checked on the MP4 the real editor renders.

const run = promisify(execFile)

/** Each slide's length, set in the editor: short, so the render is quick. */
const SECONDS = 2

async function slides(page: Page): Promise<Slide[]> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: { composition: Slide[] } } }).state
    .composition.composition
}

/** The mean luma (0..255) of every frame of the video, in order, from a small copy of it. */
async function frameLumas(file: string): Promise<number[]> {
  const width = 36
  const { stdout } = await run(
    FFMPEG,
    [
      ...['-v', 'error', '-i', file, '-vf', `scale=${width}:64`],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 1 << 26 },
  )
  const size = width * 64
  const lumas: number[] = []
  for (let at = 0; at + size <= stdout.length; at += size) {
    let sum = 0
    for (let i = at; i < at + size; i++) sum += stdout[i]!
    lumas.push(sum / size)
  }
  return lumas
}

/** Renders, waits for the video and saves it into `dir`. */
async function renderAndDownload(page: Page, dir: string): Promise<string> {
  await page.getByRole('button', { name: 'Render', exact: true }).click()
  await page.waitForURL('**/render/*')
  const download = page.getByRole('button', { name: 'Download' })
  await download.waitFor({ timeout: 8 * 60 * 1000 })
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
  const saved = path.join(dir, file.suggestedFilename())
  await file.saveAs(saved)
  return saved
}

describe('transitions: slides dissolve by default, a dip to black only where chosen', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('transitions')
    ;({ server, browser, workDir } = journey)
    // Three plain, bright pictures: a boundary's frames are told from its slides by luma.
    pictures = await Promise.all(
      ['yellow', 'lime', 'cyan'].map((c) =>
        makeImage(workDir, `${c}.png`, `color=c=${c}:s=320x240`),
      ),
    )
  })

  afterAll(() => journey?.stop())

  test('composed slides dissolve with no dark frame; a dip chosen at one boundary goes black', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await signUp(page, server, newEmail('transitions'))
      await page.getByRole('button', { name: /1:1/ }).click()
      await page.getByLabel('Choose files').setInputFiles(pictures)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Slide 1 of 3' }).waitFor()

      // Composed: each slide dissolves into the next; the strip says so between thumbnails.
      for (const slide of await slides(page)) expect(slide.transition?.type).toBe('dissolve')
      await page.getByRole('button', { name: 'Transition to slide 2: Dissolve' }).waitFor()

      // No voice, so no narration stretches the slides; each slide SECONDS long.
      await page.getByRole('button', { name: 'Audio', exact: true }).click()
      await page
        .getByRole('dialog', { name: 'Audio' })
        .getByRole('group', { name: 'Voice' })
        .getByRole('radio', { name: /^Off/ })
        .check()
      await page.keyboard.press('Escape')
      for (let i = 0; i < 3; i++) {
        await page.getByLabel('Slide duration').fill(String(SECONDS))
        await expect.poll(async () => (await slides(page))[i]!.duration).toBe(SECONDS)
        await page.getByRole('button', { name: 'Next slide' }).click()
      }

      // The second boundary: a tap between thumbnails 2 and 3 opens slide 2's picker; dip to
      // black, made shorter by the length slider's arrows.
      await page.getByRole('button', { name: 'Transition to slide 3: Dissolve' }).click()
      await page.getByRole('heading', { name: 'Slide 2 of 3' }).waitFor()
      const picker = page.getByRole('radiogroup', { name: 'Transition to slide 3' })
      await picker.getByRole('radio', { name: 'Dip to black' }).click()
      const length = page.getByRole('slider', { name: 'Length' })
      const chosen = (await slides(page))[1]!.transition!.duration
      await length.focus()
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      const shorter = Math.round((chosen - 0.2) * 10) / 10
      await expect
        .poll(async () => (await slides(page))[1]!.transition)
        .toEqual({ type: 'dip', duration: shorter })
      await page.getByRole('button', { name: 'Transition to slide 3: Dip to black' }).waitFor()
      // The first boundary is as composed.
      expect((await slides(page))[0]!.transition!.type).toBe('dissolve')
      const [first] = await slides(page)

      const video = await renderAndDownload(page, workDir)
      const lumas = await frameLumas(video)
      expect(lumas).toHaveLength(3 * SECONDS * FPS)
      // Each slide at full strength: its middle (past the first slide's fade from black).
      const slideLuma = [0, 1].map((k) => lumas[Math.round((k + 0.5) * SECONDS * FPS)]!)

      // The default boundary: every frame of its dissolve, and a few frames beyond, at least
      // half as bright as the darker of its two slides (a fade through black reaches 0).
      const boundary = SECONDS * FPS
      const reach = Math.ceil((first!.transition!.duration / 2) * FPS) + 3
      const floor = Math.min(...slideLuma) / 2
      for (let n = boundary - reach; n < boundary + reach; n++) {
        expect(lumas[n], `frame ${n}: slides ${slideLuma.join(', ')}`).toBeGreaterThan(floor)
      }

      // The chosen dip: black at its boundary.
      const dip = 2 * SECONDS * FPS
      expect(lumas[dip], `frame ${dip}`).toBeLessThan(slideLuma[1]! * 0.05)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
