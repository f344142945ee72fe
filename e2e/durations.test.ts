import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audioApi, endpointUrl } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { newEmail, signUp } from './support/auth'
import { DESKTOP, phoneContext, PHONE, watchPageProblems } from './support/browser'
import { makeImage, probe } from './support/media'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

/** The narration: 217 characters, far longer to say than its one-second slide. */
const LONG =
  'Morning light spills over the quiet harbour while fishing boats drift home, gulls circle ' +
  'overhead, and the old town slowly wakes to a brand new day of markets, music and the ' +
  'smell of fresh bread.'

/** Where to keep screenshots of the grown slide's card, when asked to (to look at them). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function slides(page: Page) {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: Composition } }).state.composition
    .composition
}

/** A length as the render page and the queue show it: "0:14". */
const clock = (seconds: number) =>
  `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`

/** Seconds in a shown length such as "14.3 s". */
const secondsIn = (text: string) => Number(/([\d.]+) s/.exec(text)![1])

describe('true durations: the editor shows the length the video will have', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('durations')
    ;({ server, browser, workDir } = journey)
    pictures = await Promise.all([
      makeImage(workDir, 'teal.png', 'color=c=teal:s=320x320'),
      makeImage(workDir, 'olive.png', 'color=c=olive:s=320x320'),
    ])
  })

  afterAll(() => journey?.stop())

  test('a long narration on slide 1 grows it, and the shown total is the MP4 length', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await signUp(page, server, newEmail('durations'))
      await page.getByRole('button', { name: /1:1/ }).click()
      await page.getByLabel('Choose files').setInputFiles(pictures)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Slide 1 of 2' }).waitFor()

      // The editor asks the server how long the voice reads it, once typing has paused.
      const measured = page.waitForResponse(
        (r) =>
          r.url().endsWith(endpointUrl(audioApi.length)) &&
          (JSON.parse(r.request().postData() ?? '{}') as { text?: string }).text === LONG,
      )
      // Short slides, slide 2 silent: a small render, its length all slide 1's narration.
      for (const [i, narration] of [LONG, ''].entries()) {
        await page.getByLabel('Slide duration').fill('1')
        await page.getByLabel('Narration', { exact: true }).fill(narration)
        await expect.poll(async () => (await slides(page))[i]).toMatchObject({ duration: 1 })
        await page.getByRole('button', { name: 'Next slide' }).click()
      }
      await page.getByRole('heading', { name: 'Slide 1 of 2' }).waitFor()

      // Measured, the slide grows to fit (the total says so: no longer an estimate).
      expect((await measured).status()).toBe(200)
      const total = page.locator('.editor-footer__summary .video-length:not([data-estimated])')
      await total.waitFor({ state: 'attached' })
      const note = page.getByText(/^[\d.]+ s — longer to fit its narration$/)
      await note.waitFor()
      const grown = secondsIn(await note.innerText())
      expect(grown).toBeGreaterThan(5)
      // The set duration stays as typed; the strip's badge shows the real length (each part of
      // the page shows the measured length as it renders next).
      expect(await page.getByLabel('Slide duration').inputValue()).toBe('1')
      const badge = page.locator('.slide-card__duration').first()
      await expect.poll(() => badge.innerText()).toBe(`${grown} s`)
      await expect.poll(async () => secondsIn(await total.innerText())).toBeCloseTo(grown + 1, 5)
      const shown = secondsIn(await total.innerText())

      if (SCREENSHOTS) {
        const card = page.getByRole('region', { name: /^Slide 1 of/ })
        await card.screenshot({ path: path.join(SCREENSHOTS, 'durations-phone.png') })
        await page.setViewportSize(DESKTOP)
        await page.screenshot({ path: path.join(SCREENSHOTS, 'durations-desktop.png') })
        await card.screenshot({ path: path.join(SCREENSHOTS, 'durations-desktop-card.png') })
        await page.setViewportSize(PHONE)
      }

      // Render and download: the MP4 lasts what the editor showed.
      await page.getByRole('button', { name: 'Render', exact: true }).click()
      await page.waitForURL('**/render/*')
      // The render page shows the length from the start: the editor's, then the video's.
      const length = page.locator('.render-status__length')
      await expect.poll(() => length.textContent()).toBe(`Length ${clock(shown)}`)
      const download = page.getByRole('button', { name: 'Download' })
      await download.waitFor({ timeout: 8 * 60 * 1000 })
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
      const saved = path.join(workDir, file.suggestedFilename())
      await file.saveAs(saved)
      const { duration } = await probe(saved)
      expect(Math.abs(shown - duration)).toBeLessThanOrEqual(0.1)
      expect(await length.textContent()).toBe(`Length ${clock(duration)}`)
      // And the video's card on /queue.
      await page.goto(`${server.url}/queue`)
      const card = page.locator('.video-card').first()
      await expect
        .poll(() => card.locator('.video-card__length').textContent())
        .toBe(`Length ${clock(duration)}`)
      if (SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'length-queue.png') })
        await page.goBack()
        await length.waitFor()
        await page.screenshot({ path: path.join(SCREENSHOTS, 'length-render.png') })
      }
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
