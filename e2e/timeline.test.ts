import path from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Composition } from '@storyreel/core'
import { newEmail, signUp } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { PHONE, watchPageProblems } from './support/browser'
import { makeImage } from './support/media'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

/** The desk: a laptop screen. */
const DESK = { width: 1440, height: 900 }

/** Where to keep screenshots of the editor, when asked to (to look at them). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function slides(page: Page) {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: Composition } }).state.composition
    .composition
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

/** The preview's time slider, seconds into the shown slide. */
async function previewTime(page: Page): Promise<number> {
  return Number(await page.getByLabel('Time', { exact: true }).inputValue())
}

describe('the desk editor: a large preview over a timeline', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('timeline')
    ;({ server, browser, workDir } = journey)
    pictures = await Promise.all([
      makeImage(workDir, 'bars.png', 'testsrc2=s=480x270'),
      makeImage(workDir, 'fractal.png', 'mandelbrot=s=480x270'),
      makeImage(workDir, 'stripes.png', 'smptehdbars=s=480x270'),
    ])
  })

  afterAll(() => journey?.stop())

  test('blocks as long as the slides play; the playhead seeks, follows play; edges retime', async () => {
    const context = await browser.newContext({ viewport: DESK })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await signUp(page, server, newEmail('timeline'))
      await page.getByRole('button', { name: /16:9/ }).click()
      await page.getByLabel('Choose files').setInputFiles(pictures)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Slide 1 of 3' }).waitFor()

      // Known lengths, and a short narration on slide 2 (its slide is longer than it).
      for (const [i, seconds] of [2, 6, 3].entries()) {
        await page.getByLabel('Slide duration').fill(String(seconds))
        await page.getByLabel('Narration', { exact: true }).fill(i === 1 ? 'Hello there.' : '')
        await expect.poll(async () => (await slides(page))[i]!.duration).toBe(seconds)
        await page.getByRole('button', { name: 'Next slide' }).first().click()
      }
      await page.getByRole('heading', { name: 'Slide 1 of 3' }).waitFor()

      // The preview is large: at least 640 px wide for 16:9.
      const canvas = page.getByRole('img', { name: 'Slide 1 preview' })
      expect((await box(canvas)).width).toBeGreaterThanOrEqual(640)

      // Each block as wide as its slide plays, within 2 px.
      const track = page.getByRole('region', { name: 'Video track' })
      const blocks = track.getByRole('listitem')
      await expect.poll(() => blocks.count()).toBe(3)
      const narration = track.locator('.slide-timeline__narration')
      await narration.waitFor()
      const widths = await Promise.all([0, 1, 2].map(async (i) => (await box(blocks.nth(i))).width))
      const trackWidth = widths.reduce((sum, w) => sum + w, 0)
      for (const [i, seconds] of [2, 6, 3].entries()) {
        expect(Math.abs(widths[i]! - (seconds / 11) * trackWidth)).toBeLessThanOrEqual(2)
      }
      // The narration starts with its slide and is shorter than it.
      const [slide2, spoken] = [await box(blocks.nth(1)), await box(narration)]
      expect(spoken.x - slide2.x).toBeLessThan(8)
      expect(spoken.width).toBeLessThan(slide2.width / 2)
      // A dissolve (a new composition's) at each boundary.
      await expect.poll(() => track.getByText(/^Dissolve into slide [23]$/).count()).toBe(2)

      if (SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'timeline-light.png') })
      }

      // A click in slide 3's block, a third into it, shows slide 3 a second in.
      const third = await box(blocks.nth(2))
      await page.mouse.click(third.x + third.width / 3, third.y + third.height / 2)
      await page.getByRole('heading', { name: 'Slide 3 of 3' }).waitFor()
      await expect.poll(() => previewTime(page)).toBeCloseTo(1, 0)
      const playhead = track.getByRole('slider', { name: 'Playhead' })
      expect(Number(await playhead.getAttribute('aria-valuenow'))).toBeCloseTo(9, 0)

      // Dragging the playhead back into slide 1 shows slide 1.
      const head = await box(playhead)
      const first = await box(blocks.nth(0))
      await page.mouse.move(head.x + head.width / 2, head.y + 8)
      await page.mouse.down()
      await page.mouse.move(first.x + first.width / 2, head.y + 8, { steps: 8 })
      await page.mouse.up()
      await page.getByRole('heading', { name: 'Slide 1 of 3' }).waitFor()
      await expect.poll(() => previewTime(page)).toBeCloseTo(1, 0)

      // Playing moves the playhead along, into the next slide.
      const before = Number(await playhead.getAttribute('aria-valuenow'))
      await page.getByRole('button', { name: 'Play video' }).click()
      await expect
        .poll(async () => Number(await playhead.getAttribute('aria-valuenow')), { timeout: 10_000 })
        .toBeGreaterThan(before + 1.2)
      await page.getByRole('button', { name: 'Play video' }).click()
      await page.getByRole('heading', { name: 'Slide 2 of 3' }).waitFor()

      // The arrows move it too: a tenth, a second with Shift.
      await playhead.focus()
      const at = Number(await playhead.getAttribute('aria-valuenow'))
      await page.keyboard.press('Shift+ArrowRight')
      await expect
        .poll(async () => Number(await playhead.getAttribute('aria-valuenow')))
        .toBeCloseTo(at + 1, 1)

      // Dragging slide 1's right edge 1.5 s further: one step, its duration and its field.
      await blocks.nth(0).click()
      await page.getByRole('heading', { name: 'Slide 1 of 3' }).waitFor()
      const edge = track.getByRole('slider', { name: 'Slide 1 duration' })
      const grip = await box(edge)
      const pxPerSecond = trackWidth / 11
      const x = grip.x + grip.width / 2
      const y = grip.y + grip.height / 2
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x + 1.5 * pxPerSecond, y, { steps: 12 })
      await page.mouse.up()
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(3.5)
      await expect.poll(() => page.getByLabel('Slide duration').inputValue()).toBe('3.5')
      expect((await slides(page)).map((s) => s.duration)).toEqual([3.5, 6, 3])
      await expect
        .poll(
          async () => (await box(blocks.nth(0))).width / (await box(track.getByRole('list'))).width,
        )
        .toBeCloseTo(3.5 / 12.5, 2)
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(2)
      await expect.poll(() => page.getByLabel('Slide duration').inputValue()).toBe('2')

      // Dragged far to the left, the slide keeps the duration field's shortest, 0.5 s.
      const again = await box(edge)
      await page.mouse.move(again.x + again.width / 2, y)
      await page.mouse.down()
      await page.mouse.move(again.x - 400, y, { steps: 6 })
      await page.mouse.up()
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(0.5)
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(2)

      // The edge moves with the arrows, and a second press is the same undo step.
      await edge.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(2.2)
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(async () => (await slides(page))[0]!.duration).toBe(2)

      expect(await seriousA11yViolations(page)).toEqual([])
      await page.emulateMedia({ colorScheme: 'dark' })
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'timeline-dark.png') })
      }

      // On a phone the strip stays, and no timeline.
      await page.setViewportSize(PHONE)
      await page.getByRole('button', { name: 'Slide 2', exact: true }).waitFor()
      expect(await page.getByRole('region', { name: 'Video track' }).count()).toBe(0)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
