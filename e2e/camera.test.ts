import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { UI_TEXT } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { launchBrowser, watchPageProblems, phoneContext } from './support/browser'
import { startServer } from './support/server'
import { doublePress } from './support/touch'
import type { TestServer } from './support/server'

// Chromium's fake camera: a moving test picture, 1920x1080, from each of `device-count` cameras.
const fakeCamera = (cameras: number) => [
  `--use-fake-device-for-media-stream=device-count=${cameras}`,
]
const ALLOW = '--use-fake-ui-for-media-stream'
// What a person who taps "Block" gets: every permission prompt is answered no.
const DENY = '--deny-permission-prompts'

interface StoredStory {
  state: {
    uploadedFiles: { name: string; path: string }[]
    composition: { composition: { filename: string }[] } | null
  }
}

/** Which camera the preview shows, and whether its picture is moving. */
async function preview(page: Page) {
  return page.getByLabel('Camera preview').evaluate(async (node) => {
    const video = node as HTMLVideoElement
    const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0]
    const before = video.currentTime
    await new Promise((resolve) => setTimeout(resolve, 300))
    return {
      camera: track?.label ?? null,
      live: track?.readyState === 'live' && !video.paused && video.currentTime > before,
      width: video.videoWidth,
      height: video.videoHeight,
    }
  })
}

/** The pixel size a JPEG declares in its start-of-frame segment; null if it is no JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!
    // SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  return null
}

/**
 * Waits until the shutter can be pressed: the camera is live. It starts within a second on an
 * idle machine and took longer than expect.poll's default second on a busy one.
 */
async function cameraLive(shutter: Locator) {
  await expect.poll(() => shutter.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false')
}

describe('camera: a photo taken on /upload', () => {
  let server: TestServer
  const browsers: Browser[] = []
  let context: BrowserContext | undefined

  beforeAll(async () => {
    server = await startServer()
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()))
    await server?.stop()
  })

  /** A signed-up user on /upload after choosing 9:16, on a phone with the given cameras. */
  async function uploadPage(browserArgs: string[], permissions: string[]) {
    const browser = await launchBrowser(browserArgs)
    browsers.push(browser)
    context = await phoneContext(browser, { permissions })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    await signUp(page, server, newEmail('camera'))
    await page.getByRole('button', { name: /9:16/ }).click()
    await page.waitForURL('**/upload?fromFormat=true')
    return { page, problems }
  }

  test('reject, then accept: the photo joins the upload and the composition', async () => {
    const { page, problems } = await uploadPage([ALLOW, ...fakeCamera(2)], ['camera'])
    const tiles = page.getByRole('button', { name: /^Remove / })

    await page.getByRole('button', { name: /^Photo/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Take a photo' })
    const shutter = dialog.getByRole('button', { name: 'Take photo' })
    // The dialog opens on the shutter; it waits for the first frame.
    await expect.poll(() => shutter.evaluate((node) => node === document.activeElement)).toBe(true)
    await cameraLive(shutter)
    const first = await preview(page)
    expect(first).toMatchObject({ camera: 'fake_device_0', live: true })
    expect(await seriousA11yViolations(page)).toEqual([])

    // A photo rejected adds nothing and brings the live picture back.
    await shutter.click()
    await dialog.getByRole('img', { name: 'The photo you took' }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await cameraLive(shutter)
    expect(await tiles.count()).toBe(0)

    // A double click on the picture switches camera, and the picture keeps moving. Chromium's
    // fake cameras say nothing of where they face: the switch goes to the next camera.
    await doublePress(page, dialog.getByLabel('Camera preview'), 'mouse')
    await expect
      .poll(async () => (await preview(page)).camera, { timeout: 30_000 })
      .toBe('fake_device_1')
    await cameraLive(shutter)
    expect((await preview(page)).live).toBe(true)
    // So does the button that does the same for keyboards and screen readers.
    await dialog.getByRole('button', { name: 'Switch camera' }).click()
    await expect
      .poll(async () => (await preview(page)).camera, { timeout: 30_000 })
      .toBe('fake_device_0')
    // And a double tap, on a touch screen.
    await cameraLive(shutter)
    await doublePress(page, dialog.getByLabel('Camera preview'), 'touch')
    await expect
      .poll(async () => (await preview(page)).camera, { timeout: 30_000 })
      .toBe('fake_device_1')

    // A photo accepted closes the camera and shows as a tile, named like the spec says.
    await cameraLive(shutter)
    const camera = await dialog
      .getByLabel('Camera preview')
      .evaluateHandle((node) => (node as HTMLVideoElement).srcObject as MediaStream)
    await shutter.click()
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await tiles.count()).toBe(1)
    const tile = page.getByRole('img', { name: /^photo_\d+\.jpeg$/ })
    await tile.waitFor()
    const shown = await tile.evaluate((node) => {
      const img = node as HTMLImageElement
      return { width: img.naturalWidth, height: img.naturalHeight }
    })
    expect(shown).toEqual({ width: first.width, height: first.height })
    // The camera is off again once the dialog has gone.
    expect(await camera.evaluate((stream) => stream.getVideoTracks()[0]?.readyState)).toBe('ended')

    // Compose goes on to /customize with the photo.
    await page.getByRole('button', { name: 'Compose video' }).click()
    await page.waitForURL('**/customize', { timeout: 120_000 })
    const stored = await page.evaluate(() => localStorage.getItem('storyreel.story'))
    const { uploadedFiles, composition } = (JSON.parse(stored ?? 'null') as StoredStory).state
    expect(uploadedFiles).toHaveLength(1)
    expect(uploadedFiles[0]!.name).toMatch(/\.jpeg$/)
    expect(composition?.composition.map((slide) => slide.filename)).toEqual([
      uploadedFiles[0]!.name,
    ])
    // What the server keeps is a real JPEG of the camera's size.
    const answer = await page.request.get(new URL(uploadedFiles[0]!.path, server.url).href)
    expect(answer.ok()).toBe(true)
    expect(jpegSize(await answer.body())).toEqual({ width: first.width, height: first.height })

    expect(problems).toEqual([])
  })

  test('with one camera, a double click leaves the picture as it is', async () => {
    const { page, problems } = await uploadPage([ALLOW, ...fakeCamera(1)], ['camera'])
    await page.getByRole('button', { name: /^Photo/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Take a photo' })
    const shutter = dialog.getByRole('button', { name: 'Take photo' })
    await cameraLive(shutter)
    expect(await dialog.getByRole('button', { name: 'Switch camera' }).count()).toBe(0)

    await doublePress(page, dialog.getByLabel('Camera preview'), 'mouse')
    expect(await preview(page)).toMatchObject({ camera: 'fake_device_0', live: true })
    expect(await shutter.getAttribute('aria-disabled')).toBe('false')

    // Escape closes the camera without a photo.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0)
    expect(problems).toEqual([])
  })

  test('a camera the user refused says so in the red toast', async () => {
    const { page, problems } = await uploadPage([DENY, ...fakeCamera(1)], [])
    await page.getByRole('button', { name: /^Photo/ }).click()
    await toast(page, UI_TEXT.failedTakePhoto).waitFor()
    await page.getByRole('dialog', { name: 'Take a photo' }).waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0)
    expect(problems).toEqual([])
  })
})
