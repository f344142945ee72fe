import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCanvas } from '@napi-rs/canvas'
import type { Slide } from '@storyreel/core'
import { decode, type Pixels } from './parity/compare'
import { newEmail, signUp } from './support/auth'
import { launchBrowser, watchPageProblems, phoneContext } from './support/browser'
import { makeImage } from './support/media'
import { startServer, type TestServer } from './support/server'

// Issue 19: a portrait picture in a 16:9 video. The slide's "Fill frame / Fit whole picture"
// control switches between the picture cropped to fill the frame and the whole picture on a
// blurred, darkened copy of itself, and the preview shows it at once. (That the editor draws a
// fitted slide as the server renders it is preview-parity's fitted slide.)

interface StoredStory {
  state: { composition: { composition: Slide[] } }
}

async function stored(page: Page): Promise<StoredStory> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return JSON.parse(text ?? 'null') as StoredStory
}

async function slides(page: Page): Promise<Slide[]> {
  return (await stored(page)).state.composition.composition
}

/** Signs up, picks 16:9, uploads the picture and composes; ends on /customize. */
async function compose(page: Page, server: TestServer, picture: string): Promise<void> {
  await signUp(page, server, newEmail('framing'))
  await page.getByRole('button', { name: /16:9/ }).click()
  await page.getByLabel('Choose files').setInputFiles(picture)
  await page.getByRole('button', { name: 'Compose video' }).click()
  await page.waitForURL('**/customize', { timeout: 120_000 })
}

/**
 * Leaves the composed slide without effects or framing, whatever the composer chose (a blur, a
 * zoom, fit), and opens it again: the picture at plain cover, sharp, for the checks to start
 * from.
 */
async function plainSlide(page: Page): Promise<void> {
  const story = await stored(page)
  const [slide] = story.state.composition.composition
  const plain: Slide = { ...slide!, effects: [] }
  delete plain.framing
  story.state.composition.composition = [plain]
  await page.evaluate((s) => localStorage.setItem('storyreel.story', s), JSON.stringify(story))
  await page.reload()
  await page.getByRole('img', { name: 'Slide 1 preview' }).waitFor()
  await page.locator('.slide-preview__status').waitFor({ state: 'detached' })
}

/** The preview as last looked at, to see when a check fails. */
const LOOK = path.join(tmpdir(), 'storyreel-framing-preview.png')

async function savePng(file: string, p: Pixels): Promise<void> {
  const canvas = createCanvas(p.width, p.height)
  const ctx = canvas.getContext('2d')
  const image = ctx.createImageData(p.width, p.height)
  image.data.set(p.data)
  ctx.putImageData(image, 0, 0)
  await writeFile(file, await canvas.encode('png'))
}

const luma = (p: Pixels, x: number, y: number) => {
  const i = (y * p.width + x) * 4
  return 0.299 * p.data[i]! + 0.587 * p.data[i + 1]! + 0.114 * p.data[i + 2]!
}

/** The sharpest step of luma between neighbours across the columns x0..x1: small on a blur. */
function sharpest(p: Pixels, x0: number, x1: number): number {
  let most = 0
  for (let y = 0; y < p.height; y += 2) {
    for (let x = x0; x < x1 - 1; x++) {
      most = Math.max(most, Math.abs(luma(p, x + 1, y) - luma(p, x, y)))
    }
  }
  return most
}

function meanLuma(p: Pixels, x0: number, x1: number): number {
  let sum = 0
  for (let y = 0; y < p.height; y++) for (let x = x0; x < x1; x++) sum += luma(p, x, y)
  return sum / ((x1 - x0) * p.height)
}

/**
 * What the preview canvas shows at its sides and in its middle. The 960x540 preview fits the
 * 900x1600 picture 304 px wide, leaving 328 px of backdrop either side.
 */
async function look(page: Page) {
  const canvas = page.getByRole('img', { name: 'Slide 1 preview' })
  const dataUrl = await canvas.evaluate((el: HTMLCanvasElement) => el.toDataURL('image/png'))
  const p = await decode(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
  await savePng(LOOK, p)
  expect([p.width, p.height]).toEqual([960, 540])
  return {
    sides: Math.max(sharpest(p, 0, 320), sharpest(p, 640, 960)),
    middle: sharpest(p, 340, 620),
    sideLuma: Math.min(meanLuma(p, 0, 320), meanLuma(p, 640, 960)),
  }
}

/** The picture's colour bars step by 50 or more at their edges; its blurred copy by far less. */
const SHARP = 50
const BLURRED = 12

describe('framing: a portrait picture in a 16:9 video', () => {
  let server: TestServer
  let browser: Browser
  let workDir: string
  let picture: string

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'storyreel-framing-'))
    ;[server, browser, picture] = await Promise.all([
      startServer(),
      launchBrowser(),
      // Colour bars with sharp edges: a crop shows them at the frame's sides, a blur does not.
      makeImage(workDir, 'portrait.png', 'testsrc=s=900x1600'),
    ])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  test('switching to fit shows the whole picture on blurred side bands, and undo takes it back', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await compose(page, server, picture)
      await plainSlide(page)
      const fill = page.getByRole('radio', { name: 'Fill frame' })
      const fit = page.getByRole('radio', { name: 'Fit whole picture' })
      const where = `see ${LOOK}`

      // A slide without framing fills the frame: the picture is cropped to the frame's width,
      // and its bars reach the frame's sides, sharp.
      expect(await fill.getAttribute('aria-checked')).toBe('true')
      await expect
        .poll(async () => (await look(page)).sides, { message: where })
        .toBeGreaterThan(SHARP)

      await fit.click()
      await expect.poll(async () => (await slides(page))[0]!.framing).toBe('fit')
      expect(await fit.getAttribute('aria-checked')).toBe('true')
      // At once: the sides turn to the blurred copy, the whole picture sharp in the middle.
      await expect
        .poll(async () => (await look(page)).sides, { message: where, timeout: 3000 })
        .toBeLessThan(BLURRED)
      const fitted = await look(page)
      expect(fitted.middle, where).toBeGreaterThan(SHARP)
      // A copy of the picture, darkened: never black.
      expect(fitted.sideLuma, where).toBeGreaterThan(20)

      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(async () => (await slides(page))[0]!.framing ?? 'cover').toBe('cover')
      await expect
        .poll(async () => (await look(page)).sides, { message: where })
        .toBeGreaterThan(SHARP)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('on a phone, the control fits the slide card', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    try {
      await compose(page, server, picture)
      const group = page.getByRole('radiogroup', { name: 'Picture' })
      const card = page.locator('.editor-card', { has: group })
      const [inner, outer] = [await group.boundingBox(), await card.boundingBox()]
      expect(inner!.x).toBeGreaterThanOrEqual(outer!.x)
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width)
    } finally {
      await context.close()
    }
  })
})
