import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UI_TEXT } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { startFakeOpenAi } from '../apps/server/test/openai-server'
import type { FakeOpenAi } from '../apps/server/test/openai-server'
import { createAccount } from './support/accounts'
import { newEmail, signIn, toast } from './support/auth'
import { launchBrowser, watchPageProblems, phoneContext } from './support/browser'
import { startServer } from './support/server'
import type { TestServer } from './support/server'

/** The files picked for the next video, as the app saved them in browser storage. */
async function uploadedFiles(page: Page): Promise<MediaFile[]> {
  const text = await page.evaluate(() => localStorage.getItem('storyreel.story'))
  return (JSON.parse(text ?? 'null') as { state: { uploadedFiles: MediaFile[] } }).state
    .uploadedFiles
}

describe('/generate: images made with AI join the video', () => {
  const email = newEmail('generate')
  let fake: FakeOpenAi
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    fake = await startFakeOpenAi()
    ;[server, browser] = await Promise.all([
      // A PRO account, as the Images API is for PRO only.
      startServer(fake.env, (dataDir) => createAccount(dataDir, email, 'PRO')),
      launchBrowser(),
    ])
    context = await phoneContext(browser)
    page = await context.newPage()
    problems = watchPageProblems(page)
    await signIn(page, server, email)
  })

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
    await fake?.close()
  })

  test('a PRO user makes two images with DALL·E 2, chooses both, and takes them to /upload', async () => {
    await page.getByRole('button', { name: /9:16/ }).click()
    await page.waitForURL('**/upload?fromFormat=true')
    await page.goto(`${server.url}/generate`)

    await page.getByLabel('Your prompt').fill('A lighthouse on a cliff at sunset')
    await page.getByText('Advanced options').click()
    const model = page.getByRole('radiogroup', { name: 'Model' })
    const count = page.getByRole('radiogroup', { name: 'Images' })
    // DALL·E 3, the default, makes one image at a time.
    expect(await count.getByRole('radio', { name: '2' }).isDisabled()).toBe(true)
    await model.getByRole('radio', { name: 'DALL·E 2' }).click()
    await count.getByRole('radio', { name: '2' }).click()
    await page.getByRole('button', { name: 'Generate', exact: true }).click()

    const images = page
      .getByRole('list', { name: 'Generated images' })
      .getByRole('button', { name: /^Generated image \d$/ })
    await expect.poll(() => images.count(), { timeout: 30_000 }).toBe(2)
    // The page's choices, as the Images API got them: DALL·E 2's square, and no style.
    expect(fake.requests.map((r) => r.body)).toEqual([
      {
        model: 'dall-e-2',
        prompt: 'A lighthouse on a cliff at sunset',
        n: 2,
        size: '1024x1024',
        response_format: 'b64_json',
      },
    ])
    // Each shows its library preview, loaded.
    for (const img of await images.locator('img').all()) {
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0)
    }

    // Nothing chosen yet.
    await page.getByRole('button', { name: 'Use selected images' }).click()
    await toast(page, UI_TEXT.selectAtLeastOneImage).waitFor()

    await images.nth(0).click()
    await images.nth(1).click()
    await page.getByText('2 selected').waitFor()
    await page.getByRole('button', { name: 'Use selected images' }).click()
    await page.waitForURL('**/upload')
    await expect.poll(() => page.getByRole('button', { name: /^Remove / }).count()).toBe(2)
    // Library files already: not uploaded again.
    const files = await uploadedFiles(page)
    expect(files).toHaveLength(2)
    for (const file of files) {
      expect(file.type).toBe('image')
      expect(file.path).toMatch(/^\/api\/web\/tasks\/user\/uploads\/[0-9a-f-]{36}\.png$/)
    }
    expect(problems).toEqual([])
  })
})
