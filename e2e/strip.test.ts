import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newEmail, signUp } from './support/auth'
import { phoneContext, watchPageProblems } from './support/browser'
import { makeImage } from './support/media'
import type { TestServer } from './support/server'
import { center, finger } from './support/touch'
import { startJourney, type Journey } from './support/journey'

const SLIDES = 8

/** The slides' file names in their order, as the app saved the composition. */
async function order(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  const story = JSON.parse(text ?? 'null') as {
    state: { composition: { composition: { filename: string }[] } }
  }
  return story.state.composition.composition.map((slide) => slide.filename)
}

const strip = (page: Page) => page.locator('.slide-strip')
const thumbnail = (page: Page, n: number) =>
  page.getByRole('button', { name: `Slide ${n}`, exact: true })

/** Issue 36: the phone's thumbnail strip shows several slides, and a drag lands under the finger. */
describe('the slide strip on a phone', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let workDir: string
  let problems: string[]

  beforeAll(async () => {
    journey = await startJourney('strip')
    ;({ server, browser, workDir } = journey)
    const pictures = []
    for (let i = 0; i < SLIDES; i++) {
      pictures.push(await makeImage(workDir, `p${i}.png`, `testsrc2=s=320x180,hue=h=${i * 45}`))
    }
    context = await phoneContext(browser)
    page = await context.newPage()
    problems = watchPageProblems(page)
    // 16:9, the widest thumbnails: the hardest ratio to show three of across a phone.
    await signUp(page, server, newEmail('strip'))
    await page.getByRole('button', { name: /16:9/ }).click()
    await page.getByLabel('Choose files').setInputFiles(pictures)
    await page.getByRole('button', { name: 'Compose video' }).click()
    await page.waitForURL('**/customize', { timeout: 120_000 })
  })

  afterAll(async () => {
    await context?.close()
    await journey?.stop()
  })

  test('shows at least three whole thumbnails, each at least 44 px', async () => {
    const shown = await page.evaluate(() => {
      const list = document.querySelector('.slide-strip')!.getBoundingClientRect()
      return [...document.querySelectorAll('.slide-card')]
        .map((card) => card.getBoundingClientRect())
        .filter((box) => box.left >= list.left && box.right <= list.right)
        .map((box) => Math.min(box.width, box.height))
    })
    expect(shown.length).toBeGreaterThanOrEqual(3)
    for (const side of shown) expect(side).toBeGreaterThanOrEqual(44)
  })

  test('held at the edge, the strip scrolls at a pace a person can stop, and the slide lands under the finger', async () => {
    const before = await order(page)
    const box = (await strip(page).boundingBox())!
    const first = center(await thumbnail(page, 1).boundingBox())
    const second = center(await thumbnail(page, 2).boundingBox())
    const pitch = second.x - first.x
    const scrollLeft = () => strip(page).evaluate((el) => el.scrollLeft)

    const hand = await finger(page, context)
    await hand.down(first)
    // The long press that picks a slide up (400 ms), then to the strip's right edge and held.
    await page.waitForTimeout(600)
    await hand.move({ x: box.x + box.width - 8, y: first.y })
    const start = await scrollLeft()
    await page.waitForTimeout(1000)
    const held = (await scrollLeft()) - start
    // Back a little, over a thumbnail in the middle of the strip, and let go there.
    const release = { x: box.x + box.width / 2, y: first.y }
    await hand.move(release, 6)
    await page.waitForTimeout(300)
    await hand.up()

    // About a thumbnail every 300-500 ms: in a second, some scrolling but not the whole strip.
    expect(held).toBeGreaterThan(pitch / 2)
    expect(held).toBeLessThan(pitch * 4)
    await expect.poll(async () => (await order(page)).join()).not.toBe(before.join())
    const after = await order(page)
    const moved = after.indexOf(before[0]!) + 1
    const landed = center(await thumbnail(page, moved).boundingBox())
    expect(Math.abs(landed.x - release.x)).toBeLessThan(pitch / 2 + 1)
    expect(problems).toEqual([])
  })

  test("an effect's panel opened and scrolled to, the preview stays whole on screen", async () => {
    await page.getByRole('toolbar', { name: 'Effects' }).locator('.effect-chip').first().tap()
    const panel = page.locator('.effect-panel')
    await panel.waitFor()
    // The panel's last field, where a finger would be, scrolled into view.
    await panel.locator('input, button').last().scrollIntoViewIfNeeded()
    const frame = (await page.locator('.editor-stage .slide-preview__stage').boundingBox())!
    const header = (await page.locator('.app-header').boundingBox())!
    const viewport = page.viewportSize()!
    expect(frame.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
    expect(frame.y + frame.height).toBeLessThanOrEqual(viewport.height)
    // And the panel's field is not under it.
    const field = (await panel.locator('input, button').last().boundingBox())!
    expect(field.y).toBeGreaterThanOrEqual(frame.y + frame.height)
    expect(problems).toEqual([])
  })
})
