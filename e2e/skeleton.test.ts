import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UI_TEXT, endpointUrl, logApi, tasksApi } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { DESKTOP, PHONE, watchPageProblems, phoneContext } from './support/browser'
import { makeImages, meanLuma, probe } from './support/media'
import { readCode } from './support/outbox'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

interface StoredSlide {
  duration: number
}
interface StoredStory {
  state: {
    composition: { movieParams: { width: number; height: number }; composition: StoredSlide[] }
  }
}

describe('walking skeleton: sign up, compose, render, download', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[]
  let workDir: string

  beforeAll(async () => {
    journey = await startJourney('files')
    ;({ server, browser, workDir } = journey)
    // A phone: the app's main audience.
    context = await phoneContext(browser)
    page = await context.newPage()
    problems = watchPageProblems(page)
  })

  afterAll(async () => {
    await context?.close()
    await journey?.stop()
  })

  test('a new user turns three pictures into a 9:16 video', async () => {
    const email = newEmail('maya')
    // Every screen on the way is held at zero serious accessibility violations (axe-core).
    const a11y: string[] = []
    const checkA11y = async () => {
      const where = new URL(page.url()).pathname
      a11y.push(...(await seriousA11yViolations(page)).map((v) => `${where} ${v}`))
    }

    // Strangers are sent to /signin.
    await page.goto(server.url)
    await page.waitForURL('**/signin')
    await checkA11y()

    // Sign up with the code from the outbox (the checks of the code field on the way).
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.getByLabel('First name').fill('Maya')
    await page.getByLabel('Last name').fill('Lopez')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    const codeInput = page.getByLabel('Verification code')
    await codeInput.waitFor()
    expect(await page.getByRole('link', { name: 'Terms of Service' }).isVisible()).toBe(true)
    const verify = page.getByRole('button', { name: 'Verify' })
    // Letters are dropped and Verify waits for all six digits.
    await codeInput.fill('12ab')
    expect(await codeInput.inputValue()).toBe('12')
    expect(await verify.isDisabled()).toBe(true)
    // A code pasted as the e-mail shows it, '583 471', keeps its six digits and signs in at once.
    const code = await readCode(server.dataDir, email)
    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
    await page.waitForURL('**/format')

    // The header shows the user and their plan.
    await page.getByText('FREE', { exact: true }).waitFor()
    await checkA11y()

    // Choose 9:16.
    await page.getByRole('button', { name: /9:16/ }).click()
    await page.waitForURL('**/upload?fromFormat=true')
    const compose = page.getByRole('button', { name: 'Compose video' })
    expect(await compose.isDisabled()).toBe(true)

    // Add three pictures.
    const images = await makeImages(workDir)
    await page.getByLabel('Choose files').setInputFiles(images)
    await expect.poll(() => page.getByRole('button', { name: /^Remove / }).count()).toBe(3)
    expect(await compose.isDisabled()).toBe(false)
    await checkA11y()

    // Picked files live in this page only: a reload asks first, and staying keeps them.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      }),
    )
    await page.evaluate(() => {
      // A reload that the page itself starts counts as a user gesture for beforeunload.
      setTimeout(() => location.reload(), 0)
    })
    expect(await asked).toBe('beforeunload')
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(3)

    // Enter in the suggestion composes.
    const suggestion = page.getByLabel(/What is your video about/)
    await suggestion.fill('A colourful day out')
    await suggestion.press('Enter')
    await page.waitForURL('**/customize', { timeout: 120_000 })
    await page.getByRole('heading', { name: 'Your story' }).waitFor()

    const stored = await page.evaluate(() => localStorage.getItem('storyreel.story'))
    const { composition } = (JSON.parse(stored ?? 'null') as StoredStory).state
    expect(composition.composition).toHaveLength(3)
    expect(composition.movieParams).toMatchObject({ width: 1080, height: 1920 })
    const expectedDuration = composition.composition.reduce((sum, s) => sum + s.duration, 0)
    expect(await page.locator('.slide-card').count()).toBe(3)
    await checkA11y()

    // Render and wait for the result.
    await page.getByRole('button', { name: 'Render', exact: true }).click()
    await page.waitForURL('**/render/*')
    const taskId = new URL(page.url()).pathname.split('/').pop()!
    const download = page.getByRole('button', { name: 'Download' })
    await download.waitFor({ timeout: 8 * 60 * 1000 })
    await page.getByLabel('Your video').waitFor()
    await checkA11y()

    // Download it and check what came out.
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toBe(`video-${taskId}.mp4`)
    const saved = path.join(workDir, file.suggestedFilename())
    await file.saveAs(saved)

    const info = await probe(saved)
    expect({ width: info.width, height: info.height }).toEqual({ width: 1080, height: 1920 })
    expect(Math.abs(info.duration - expectedDuration)).toBeLessThan(0.25)
    expect(await meanLuma(saved, expectedDuration / 2)).toBeGreaterThan(20)

    // Log out from the profile menu: the app is closed again.
    await page.getByRole('button', { name: 'Your profile' }).click()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL('**/signin')
    await page.goto(`${server.url}/format`)
    await page.waitForURL('**/signin')

    // And back in with a login code.
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Sign In' }).click()
    // Typed one digit at a time: the sixth submits.
    await page
      .getByLabel('Verification code')
      .pressSequentially(await readCode(server.dataDir, email, 1))
    await page.waitForURL('**/format')

    // Nothing on the way broke the content security policy or threw.
    expect(problems).toEqual([])
    expect(a11y).toEqual([])
  })

  test('the screens refuse what they cannot do, and say why', async () => {
    const desktop = await browser.newContext({ viewport: DESKTOP })
    const page = await desktop.newPage()
    try {
      await signUp(page, server, newEmail('guard'))

      // Customize without a composition goes back to /format.
      await page.goto(`${server.url}/customize`)
      await toast(page, UI_TEXT.noComposition).waitFor()
      await page.waitForURL('**/format')

      // Render step without a render.
      await page.getByRole('button', { name: 'Step 4: Render' }).click()
      await toast(page, UI_TEXT.renderWithoutTask).waitFor()

      // A video that does not exist, or an address that cannot be one: said once, no polling.
      for (const id of ['not-a-task-id', '00000000-0000-4000-8000-000000000000']) {
        const polls: string[] = []
        const count = (req: { url(): string }) => {
          if (req.url().includes(`${endpointUrl(tasksApi.list)}/`)) polls.push(req.url())
        }
        page.on('request', count)
        await page.goto(`${server.url}/render/${id}`)
        await page.getByRole('heading', { name: 'Video not found' }).waitFor()
        await page.waitForTimeout(2500)
        page.off('request', count)
        expect(polls, id).toHaveLength(1)
        expect(await page.locator('.spinner').count(), id).toBe(0)
      }
      await page.getByRole('link', { name: 'See your videos' }).click()
      await page.waitForURL('**/queue')
      // The new page's heading takes the focus, as a page load would announce it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Your videos')
      // The first Tab of a loaded page offers to skip the header.
      await page.reload()
      await page.getByRole('heading', { name: 'Your videos' }).waitFor()
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')

      // An error no code caught: its own message in the toast, and a report to the server.
      const reported = page.waitForRequest(
        (req) => req.url().endsWith(endpointUrl(logApi.error)) && req.method() === 'POST',
      )
      await page.evaluate(() => {
        setTimeout(() => void Promise.reject(new Error('Boom from a timer')), 0)
      })
      await toast(page, 'Boom from a timer').waitFor()
      expect((await reported).postDataJSON()).toMatchObject({
        error: { message: 'Boom from a timer' },
      })

      // Upload refuses other files, and Enter with nothing to compose says so.
      await page.goto(`${server.url}/format`)
      await page.getByRole('button', { name: /1:1/ }).click()
      await page.waitForURL('**/upload?fromFormat=true')
      await page.getByLabel('Choose files').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      })
      await toast(page, UI_TEXT.unsupportedFiles).waitFor()
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0)
      await page.getByLabel(/What is your video about/).press('Enter')
      await toast(page, UI_TEXT.uploadAtLeastOne).waitFor()

      // The newer error took the older one's place: one error at a time.
      expect(await toast(page, UI_TEXT.unsupportedFiles).count()).toBe(0)
      // Those messages were about /upload: they do not follow the user back to /format, and
      // they sit below the header, not over it (once slid in).
      const header = await page.locator('.app-header').boundingBox()
      await expect
        .poll(async () => (await toast(page, UI_TEXT.uploadAtLeastOne).boundingBox())!.y)
        .toBeGreaterThanOrEqual(header!.y + header!.height)
      await page.getByRole('button', { name: 'Step 1: Format' }).click()
      await page.waitForURL('**/format')
      await expect.poll(() => page.locator('.toast').count()).toBe(0)
    } finally {
      await desktop.close()
    }
  })

  test('visitors can read the terms and the privacy policy linked from sign-up', async () => {
    const visitor = await browser.newContext({ viewport: PHONE })
    const page = await visitor.newPage()
    try {
      for (const [route, title] of [
        ['/terms', 'Terms of Service'],
        ['/privacy', 'Privacy Policy'],
      ] as const) {
        await page.goto(`${server.url}${route}`)
        await page.getByRole('heading', { name: title, level: 1 }).waitFor()
        expect(new URL(page.url()).pathname).toBe(route)
      }
    } finally {
      await visitor.close()
    }
  })
})
