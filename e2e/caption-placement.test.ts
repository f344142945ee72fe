import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CAPTIONS, type Composition } from '@storyreel/core'
import { newEmail, signUp } from './support/auth'
import { phoneContext, watchPageProblems } from './support/browser'
import { FFMPEG, REPO_ROOT } from './support/paths'
import { colorInPreview } from './support/preview'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

// Issue 35: the narration's captions keep off what the picture shows. A portrait photo whose cat
// fills its lower third: the offline detector finds the cat, the composer writes it on the
// slide, and the captions, on 'Auto', stand at the top of the preview instead of over the cat;
// a person who chooses 'Bottom' gets the bottom.

const run = promisify(execFile)

/** Where to keep screenshots of the preview and the Captions card, when asked to (to look at them). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

/** Caption highlight for the journey: a green the picture does not have. */
const GREEN = { r: 0, g: 255, b: 0 }
/** The title's colour in the second journey, neither the picture's nor the captions'. */
const MAGENTA = { r: 255, g: 0, b: 255 }
/** A suggestion of one sentence: the composer narrates it and shows it as the title. */
const SENTENCE = 'Coffee first, then the bike.'

/** The composition as the app saved it in browser storage. */
async function stored(page: Page): Promise<Composition> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { composition: Composition } }).state.composition
}

const movie = async (page: Page) => (await stored(page)).movieParams

describe('captions keep off the picture’s subject', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let picture: string

  beforeAll(async () => {
    journey = await startJourney('captions')
    ;({ server, browser, workDir } = journey)
    // A real photograph of a cat (bench/vision) at the foot of a plain, dark blue portrait.
    picture = path.join(workDir, 'cat-at-the-foot.jpg')
    await run(FFMPEG, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2a3d66:s=1080x1920'],
      ...['-i', path.join(REPO_ROOT, 'bench/vision/photos/cat.jpg')],
      ...['-filter_complex', '[1]scale=1080:-2[c];[0][c]overlay=0:H-h'],
      ...['-frames:v', '1', '-q:v', '3', picture],
    ])
  })

  afterAll(() => journey?.stop())

  test('on Auto they stand at the top, clear of the cat; Bottom puts them over it', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await signUp(page, server, newEmail('captions'))
      await page.getByRole('button', { name: /9:16/ }).click()
      await page.getByLabel('Choose files').setInputFiles(picture)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('img', { name: 'Slide 1 preview' }).waitFor()

      // The detector found the cat, low in the picture, and the slide carries it.
      const [slide] = (await stored(page)).composition
      expect(slide!.narration?.trim()).toBeTruthy()
      const cat = slide!.subjects?.find((s) => s.label === 'cat')
      expect(cat?.box.y).toBeGreaterThan(50)

      await page.getByRole('switch', { name: 'Show captions' }).click()
      await expect
        .poll(async () => (await movie(page)).captions)
        .toEqual({ ...DEFAULT_CAPTIONS, enabled: true, position: 'auto' })
      const position = page.getByRole('radiogroup', { name: 'Position' })
      await expect
        .poll(() => position.getByRole('radio', { name: 'Auto' }).getAttribute('aria-checked'))
        .toBe('true')
      await page.getByLabel('Highlight').fill('#00ff00')
      await expect.poll(async () => (await movie(page)).captions?.highlight).toEqual(GREEN)
      await expect
        .poll(() => colorInPreview(page, 'upper', GREEN), { timeout: 15_000 })
        .toBeGreaterThan(20)
      expect(await colorInPreview(page, 'lower', GREEN)).toBe(0)
      if (SCREENSHOTS) {
        await page.getByRole('img', { name: 'Slide 1 preview' }).screenshot({
          path: path.join(SCREENSHOTS, 'captions-auto-preview.png'),
        })
        await page
          .locator('.captions-card')
          .screenshot({ path: path.join(SCREENSHOTS, 'captions-auto-card.png') })
      }

      // A person's choice wins: at the bottom, over the cat.
      await position.getByRole('radio', { name: 'Bottom' }).click()
      await expect.poll(async () => (await movie(page)).captions?.position).toBe('bottom')
      await expect
        .poll(() => colorInPreview(page, 'lower', GREEN), { timeout: 15_000 })
        .toBeGreaterThan(20)
      expect(await colorInPreview(page, 'upper', GREEN)).toBe(0)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('a title that says the narration gives way to the captions, and its panel says why', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    /** Pixels of the title's colour anywhere in the preview. */
    const titlePixels = async () =>
      (await colorInPreview(page, 'upper', MAGENTA)) +
      (await colorInPreview(page, 'lower', MAGENTA))
    try {
      await signUp(page, server, newEmail('title-captions'))
      await page.getByRole('button', { name: /9:16/ }).click()
      await page.getByLabel('Choose files').setInputFiles(picture)
      await page.getByLabel(/What is your video about/).fill(SENTENCE)
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('img', { name: 'Slide 1 preview' }).waitFor()

      // The composer narrates the sentence and shows it as the slide's title.
      const [slide] = (await stored(page)).composition
      expect(slide!.narration).toContain(SENTENCE.replace(/\.$/, ''))
      const title = slide!.effects.findIndex(
        (e) => e.name === 'animated_text' && SENTENCE.startsWith(e.params.text ?? '-'),
      )
      expect(title).toBeGreaterThanOrEqual(0)

      // Its panel, in magenta so that the preview tells where it is drawn.
      const chips = page.getByRole('toolbar', { name: 'Effects' }).getByRole('button')
      await chips.nth(title).click()
      const panel = page.getByRole('region', { name: /settings$/ })
      await panel.getByLabel('Color', { exact: true }).first().fill('#ff00ff')
      const note = panel.getByRole('note')
      expect(await note.count()).toBe(0)
      await expect.poll(titlePixels, { timeout: 15_000 }).toBeGreaterThan(50)

      // Captions on: they say the words as they are spoken, and the title is not drawn twice.
      await page.getByRole('switch', { name: 'Show captions' }).click()
      await expect.poll(async () => (await movie(page)).captions?.enabled).toBe(true)
      await expect.poll(titlePixels, { timeout: 15_000 }).toBe(0)
      await note.waitFor()
      expect(await note.textContent()).toMatch(/captions are on/)
      // Its frame on the canvas stays, faint, as for a text outside its times.
      const frame = page.locator('.text-frame')
      await expect.poll(() => frame.getAttribute('class')).toContain('text-frame--hidden')
      if (SCREENSHOTS) {
        await panel.screenshot({ path: path.join(SCREENSHOTS, 'title-captions-note.png') })
        await page.screenshot({ path: path.join(SCREENSHOTS, 'title-captions-page.png') })
      }

      // Off again: the title is back, and the note gone.
      await page.getByRole('switch', { name: 'Show captions' }).click()
      await expect.poll(titlePixels, { timeout: 15_000 }).toBeGreaterThan(50)
      expect(await note.count()).toBe(0)
      expect(await frame.getAttribute('class')).not.toContain('text-frame--hidden')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
