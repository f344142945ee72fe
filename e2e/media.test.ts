import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TIMINGS, UI_TEXT, endpointUrl, mediaApi } from '@storyreel/core'
import type { Composition, MediaFile } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { launchBrowser, watchPageProblems, phoneContext } from './support/browser'
import { startServer } from './support/server'
import type { TestServer } from './support/server'
import { startBrowserStock } from './support/stock'
import type { BrowserStock } from './support/stock'

interface Story {
  uploadedFiles: MediaFile[]
  composition: Composition | null
}

/** The story as the app saved it in browser storage. */
async function stored(page: Page): Promise<Story> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: Story }).state
}

const sourceTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Media sources' }).getByRole('link', { name })

/** The tiles of a grid: stock items are named after their author, uploads by kind and place. */
const tiles = (page: Page, grid: string) =>
  page
    .getByRole('list', { name: grid })
    .getByRole('button', { name: /^((Photo|Video) by .+|(Picture|Clip) \d+)$/ })

/** Every stock search the page sent: its provider, query and page. */
function watchSearches(page: Page) {
  const searches: { provider: string; query: string; page: string; frame: string }[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const match = /^\/api\/media\/(unsplash|pexels|pixabay|video)$/.exec(url.pathname)
    if (match && request.method() === 'GET') {
      searches.push({
        provider: match[1]!,
        query: url.searchParams.get('query') ?? '',
        page: url.searchParams.get('page') ?? '',
        frame: `${url.searchParams.get('w')}x${url.searchParams.get('h')}`,
      })
    }
  })
  return searches
}

describe('/media: stock and own media, chosen for a video', () => {
  let stock: BrowserStock
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    stock = await startBrowserStock()
    ;[server, browser] = await Promise.all([startServer(stock.env), launchBrowser()])
    context = await phoneContext(browser)
    page = await context.newPage()
    problems = watchPageProblems(page)
    await signUp(page, server, newEmail('media'))
  })

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
    await stock?.close()
  })

  test('guards: an unknown provider, nothing chosen, no ratio, a provider not set up', async () => {
    // An unknown provider says so and shows the uploads: none yet.
    await page.goto(`${server.url}/media?provider=FLICKR`)
    await toast(page, UI_TEXT.invalidProvider).waitFor()
    await page.waitForURL((url) => url.searchParams.get('provider') === 'LOCAL')
    await expect.poll(() => sourceTab(page, 'Uploaded').getAttribute('aria-current')).toBe('page')
    await page.getByRole('heading', { name: UI_TEXT.noMediaFoundTitle }).waitFor()
    await page.getByText(UI_TEXT.noMediaFoundText).waitFor()
    expect(await page.getByRole('link', { name: 'Upload media' }).count()).toBeGreaterThan(0)

    // Nothing chosen.
    await page.getByRole('button', { name: 'Use selected media' }).click()
    await toast(page, UI_TEXT.selectAtLeastOneMedia).waitFor()

    // Chosen, but no ratio yet.
    await sourceTab(page, 'Unsplash').click()
    const photos = tiles(page, 'Unsplash results')
    await photos.first().click()
    await page.getByText('1 selected').waitFor()
    await page.getByRole('button', { name: 'Use selected media' }).click()
    await toast(page, UI_TEXT.selectRatioFirst).waitFor()

    // The server has no Pixabay key: the tab says so, once, without an error toast.
    await sourceTab(page, 'Pixabay').click()
    await page.getByRole('heading', { name: 'Pixabay search is unavailable' }).waitFor()
    await page.getByText('This stock provider is not configured on this server.').waitFor()
    expect(await page.locator('.toast--error', { hasText: 'not configured' }).count()).toBe(0)
    expect(stock.fake.requests.some((r) => r.provider === 'pixabay')).toBe(false)
  })

  test('search is debounced, pages load on scroll, and two photos go to /upload', async () => {
    // A ratio first, as the upload step needs one.
    await page.goto(`${server.url}/format`)
    await page.getByRole('button', { name: /9:16/ }).click()
    await page.waitForURL('**/upload?fromFormat=true')

    const searches = watchSearches(page)
    // The page's clock is held while the word is typed: on a busy machine the keys' gaps passed
    // the debounce's 300 ms, and each such pause is rightly a search.
    await page.clock.install()
    await page.goto(`${server.url}/media?provider=UNSPLASH`)
    const photos = tiles(page, 'Unsplash results')
    await photos.first().waitFor()
    // Asked for the frame of the chosen ratio.
    expect(searches[0]).toEqual({ provider: 'unsplash', query: '', page: '1', frame: '1080x1920' })

    // Typed fast: one search, for the whole word, once the typing stops.
    await page.clock.pauseAt(Date.now() + 1_000)
    await page
      .getByRole('searchbox', { name: 'Search' })
      .pressSequentially('mountain', { delay: 40 })
    await page.clock.runFor(TIMINGS.searchDebounceMs - 50)
    await page.waitForTimeout(300)
    expect(searches.filter((s) => s.query !== '')).toEqual([])
    await page.clock.runFor(50)
    await page.clock.resume()
    await page.waitForURL((url) => url.searchParams.get('query') === 'mountain')
    await photos.first().waitFor()
    await page.waitForTimeout(600)
    // (A first page that leaves the end of the grid in view may load the second already.)
    const firstPages = searches.filter((s) => s.query !== '' && s.page === '1')
    expect(firstPages.map((s) => s.query)).toEqual(['mountain'])
    const found = stock.fake.requests.filter(
      (r) => r.path === '/search/photos' && r.query.get('page') === '1',
    )
    expect(found.map((r) => r.query.get('query'))).toEqual(['mountain'])
    // The provider is asked for pictures that fit the 9:16 frame.
    expect(found[0]!.query.get('orientation')).toBe('portrait')

    // Scrolling loads 21 more a page until a short page: 21, 21 and the last 8 of 50.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollBy(0, 4000))
          return photos.count()
        },
        { timeout: 30_000 },
      )
      .toBe(50)
    const pages = searches.filter((s) => s.query === 'mountain').map((s) => s.page)
    expect(pages).toEqual(['1', '2', '3'])

    // Choose two; the bar counts them.
    await page.evaluate(() => window.scrollTo(0, 0))
    await photos.nth(0).click()
    await photos.nth(1).click()
    await page.getByText('2 selected').waitFor()
    expect(await photos.nth(1).getAttribute('aria-pressed')).toBe('true')

    // Stored in the library, then on /upload with the files picked there.
    const downloads: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === endpointUrl(mediaApi.downloadStock)) {
        downloads.push(request.url())
      }
    })
    await page.getByRole('button', { name: 'Use selected media' }).click()
    await page.waitForURL('**/upload')
    expect(downloads).toHaveLength(2)
    await expect.poll(() => page.getByRole('button', { name: /^Remove / }).count()).toBe(2)
    const story = await stored(page)
    expect(story.uploadedFiles).toHaveLength(2)
    for (const file of story.uploadedFiles) {
      expect(file.isExternalProvider).toBe(false)
      expect(file.path).toMatch(/^\/api\/web\/tasks\/user\/uploads\//)
    }
  })

  test('the uploads tab lists the library with previews, and deletes after asking', async () => {
    await page.goto(`${server.url}/media`)
    const uploads = tiles(page, 'Your uploads')
    await expect.poll(() => uploads.count()).toBe(2)
    // Each shows its owner-only preview, loaded.
    const previews = page.getByRole('list', { name: 'Your uploads' }).locator('img')
    for (const img of await previews.all()) {
      expect(await img.getAttribute('src')).toMatch(
        /\/api\/web\/tasks\/user\/uploads\/.+\/preview$/,
      )
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0)
    }
    // The page's own content; the shared header is checked by the skeleton journey.
    const a11y = await seriousA11yViolations(page)
    expect(a11y.filter((line) => !line.includes('.profile-trigger'))).toEqual([])

    // Delete asks first; Cancel keeps the file.
    await page.getByRole('button', { name: 'Delete Picture 1' }).click()
    const dialog = page.getByRole('alertdialog', { name: UI_TEXT.deleteMediaTitle })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await uploads.count()).toBe(2)
    await page.getByRole('button', { name: 'Delete Picture 1' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => uploads.count()).toBe(1)
    // Gone from the server, and from the files picked for the next video.
    await page.reload()
    await expect.poll(() => uploads.count()).toBe(1)
    expect((await stored(page)).uploadedFiles).toHaveLength(1)
  })

  test('from the editor, a photo and a clip become new slides', async () => {
    // Compose a video from the file left on /upload.
    await page.goto(`${server.url}/upload`)
    await page.getByRole('button', { name: 'Compose video' }).click()
    await page.waitForURL('**/customize', { timeout: 120_000 })
    const before = (await stored(page)).composition!.composition.length

    // A photo from Unsplash and a clip from the video tab: the selection stays across tabs.
    await page.goto(`${server.url}/media?provider=UNSPLASH&source=customize`)
    await tiles(page, 'Unsplash results').first().click()
    await sourceTab(page, 'Videos').click()
    const clips = tiles(page, 'Videos results')
    await clips.first().waitFor()
    expect(await clips.first().getAttribute('aria-label')).toMatch(/^Video by /)
    await clips.first().click()
    await page.getByText('2 selected').waitFor()
    await page.getByRole('button', { name: 'Use selected media' }).click()

    await page.waitForURL('**/customize')
    await page.getByRole('heading', { name: `Slide ${before + 1} of ${before + 2}` }).waitFor()
    const story = await stored(page)
    const added = story.composition!.composition.slice(before)
    expect(added.map((slide) => slide.filename.slice(-4))).toEqual(['.jpg', '.mp4'])
    // A picture shows 4 s; the clip plays its own 2 s.
    expect(added.map((slide) => slide.duration)).toEqual([4, 2])
    const names = story.uploadedFiles.map((file) => file.name)
    for (const slide of added) expect(names).toContain(slide.filename)

    // The clip's thumbnail in the strip is a frame of the clip, not an icon (issue 36).
    const clipCard = page.locator('.slide-card', { hasText: `Slide ${before + 2}` })
    const thumbnail = clipCard.locator('img')
    await thumbnail.evaluate((img: HTMLImageElement) =>
      img.complete ? undefined : new Promise((resolve) => (img.onload = resolve)),
    )
    const spread = await thumbnail.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = 32
      canvas.height = 32
      const context = canvas.getContext('2d')!
      context.drawImage(img, 0, 0, 32, 32)
      const { data } = context.getImageData(0, 0, 32, 32)
      const lumas = []
      for (let i = 0; i < data.length; i += 4) lumas.push(data[i]! + data[i + 1]! + data[i + 2]!)
      return { width: img.naturalWidth, range: Math.max(...lumas) - Math.min(...lumas) }
    })
    expect(spread.width).toBeGreaterThan(0)
    expect(spread.range).toBeGreaterThan(60)
    expect(problems).toEqual([])
  })
})
