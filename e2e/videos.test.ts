import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES, TASK_STATE_LABELS, UI_TEXT, tasksApi, videoCaptionsUrl } from '@storyreel/core'
import type { Composition, UserData } from '@storyreel/core'
import { newEmail, signUp, toast } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { PHONE, watchPageProblems, phoneContext } from './support/browser'
import { makeImages } from './support/media'
import { pageApi, sized } from './support/renders'
import type { TestServer } from './support/server'
import { planCardNames } from './support/plans'
import { startJourney, type Journey } from './support/journey'

/** The desktop: a laptop screen (the phone is the shared PHONE, 390x844). */
const DESKTOP = { width: 1440, height: 900 }

/** Small and quick to render, or long enough to stay in the works while the page is checked. */
const QUICK = { seconds: 1, width: 360, height: 640 }
const LONG = { seconds: 30, width: 720, height: 1280 }

const card = (page: Page, taskId: string) => page.locator(`[data-task-id="${taskId}"]`)

/** The state chip of a card, by its label. */
const chip = (page: Page, taskId: string, state: keyof typeof TASK_STATE_LABELS) =>
  card(page, taskId).locator('.state-chip', { hasText: TASK_STATE_LABELS[state] })

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Adds the page's serious accessibility violations (axe-core), named by where they were. */
async function checkA11y(page: Page, found: string[], where: string) {
  found.push(...(await seriousA11yViolations(page)).map((v) => `${where} ${v}`))
}

/** Plays a finished video in the modal player until the browser has read its metadata. */
async function playInModal(page: Page, taskId: string, a11y: string[]) {
  await card(page, taskId).getByRole('button', { name: 'Play video' }).click()
  const player = page.getByRole('dialog', { name: 'Your video' })
  const video = player.locator('video')
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1) // HAVE_METADATA
  // The captions track is there; without narration its file is missing and the video plays on.
  expect(await player.locator('track[kind="captions"]').getAttribute('src')).toBe(
    videoCaptionsUrl(taskId),
  )
  await checkA11y(page, a11y, 'player')
  await page.keyboard.press('Escape')
  await player.waitFor({ state: 'detached' })
}

describe('videos, plans and the sign-in callback', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string
  let pictures: string[]

  beforeAll(async () => {
    journey = await startJourney('videos')
    ;({ server, browser, workDir } = journey)
    pictures = await makeImages(workDir)
  })

  afterAll(() => journey?.stop())

  test('on a phone, /queue lists, plays, downloads and deletes videos', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    const a11y: string[] = []
    try {
      await signUp(page, server, newEmail('videos'))
      const api = pageApi(page, server)
      const composed = await api.compose(pictures)
      const finished = await api.render(sized(composed, QUICK))
      await api.waitForTask(finished, (t) => t.state === 'FINISHED')
      const rendering = await api.render(sized(composed, LONG))
      await api.waitForTask(rendering, (t) => t.state === 'EXECUTING')
      const queued = await api.render(sized(composed, QUICK))

      // The tab bar reaches the videos and marks where the user is.
      const videos = mainNav(page).getByRole('link', { name: 'Videos' })
      expect(
        await mainNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current'),
      ).toBe('page')
      await videos.click()
      await page.waitForURL('**/queue')
      // The URL changes before React marks the link: wait for the mark, not the URL.
      await expect.poll(() => videos.getAttribute('aria-current')).toBe('page')

      // Newest first, each with its state; the ones in the works say how far they are.
      await chip(page, finished, 'FINISHED').waitFor()
      await chip(page, rendering, 'EXECUTING').waitFor()
      await chip(page, queued, 'QUEUED').waitFor()
      expect(await card(page, queued).getByText('Next in queue').isVisible()).toBe(true)
      expect(
        await page
          .locator('[data-task-id]')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-task-id'))),
      ).toEqual([queued, rendering, finished])
      expect(await page.getByRole('link', { name: /New Video/ }).isVisible()).toBe(true)
      await checkA11y(page, a11y, '/queue')

      // A video that is not finished opens its render page.
      await card(page, queued).getByRole('link', { name: 'Open video' }).click()
      await page.waitForURL(`**/render/${queued}`)
      await page.goBack()
      await chip(page, finished, 'FINISHED').waitFor()

      await playInModal(page, finished, a11y)

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        card(page, finished).getByRole('button', { name: 'Download video' }).click(),
      ])
      expect(file.suggestedFilename()).toBe(`video-${finished}.mp4`)

      // Delete the one rendering, after confirming: gone from the grid and from the API's list.
      await card(page, rendering).getByRole('button', { name: 'Delete video' }).click()
      const confirm = page.getByRole('alertdialog', { name: UI_TEXT.deleteVideoTitle })
      await checkA11y(page, a11y, 'delete')
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      expect(await card(page, rendering).isVisible()).toBe(true)
      await card(page, rendering).getByRole('button', { name: 'Delete video' }).click()
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
      await card(page, rendering).waitFor({ state: 'detached' })
      const listed = await api.ok(tasksApi.list)
      expect(listed.map((t) => t.id).sort()).toEqual([finished, queued].sort())

      // The queued video renders next, and the page, polling, shows it finished.
      await chip(page, queued, 'FINISHED').waitFor({ timeout: 3 * 60 * 1000 })

      expect(problems).toEqual([])
      expect(a11y).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('at the limit, /queue and /format lead to /plan, which shows the paid plans', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    const a11y: string[] = []
    try {
      await signUp(page, server, newEmail('plans'))
      const api = pageApi(page, server)
      const composed: Composition = sized(await api.compose(pictures.slice(0, 1)), QUICK)
      const first = await api.render(composed)
      await api.waitForTask(first, (t) => t.state === 'FINISHED')
      // FREE's five videos this month: the other four need not finish.
      for (let i = 0; i < 4; i++) await api.render(composed)

      // A fresh load asks the server for the limit (renders made here skip the app's own check).
      await page.goto(`${server.url}/queue`)
      await playInModal(page, first, a11y)
      await page.getByRole('heading', { name: UI_TEXT.videoLimitReached }).waitFor()
      await checkA11y(page, a11y, '/queue')
      expect(await page.getByRole('link', { name: /New Video/ }).count()).toBe(0)
      await page.getByRole('link', { name: 'Upgrade Plan' }).click()
      await page.waitForURL('**/plan')

      // The Starter and Pro cards; this server takes no payments (no Stripe key) and says so.
      expect(await planCardNames(page)).toEqual(['Starter', 'Pro'])
      await page.getByText(MESSAGES.msg_billing_not_configured.text).waitFor()
      expect(await page.getByRole('button', { name: 'Choose Starter' }).isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'Choose Pro' }).isDisabled()).toBe(true)
      await checkA11y(page, a11y, '/plan')

      // Back from a checkout whose status cannot be read.
      await page.goto(`${server.url}/plan?session_id=cs_test_1`)
      const payment = page.getByRole('dialog', { name: 'Payment status unknown' })
      await payment.getByText(UI_TEXT.errorPaymentStatus).waitFor()
      await checkA11y(page, a11y, 'payment')
      await payment.getByRole('button', { name: 'Continue' }).click()
      await expect.poll(() => new URL(page.url()).search).toBe('')

      // A plan picked before signing up is set apart and brought into view, on both screens.
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport)
        await page.goto(`${server.url}/plan?plan=PRO`)
        const pro = page.getByRole('article', { name: 'Pro' })
        await pro.getByText('Your pick').waitFor()
        expect(await pro.getAttribute('class')).toContain('plan-card--highlighted')
        await expect
          .poll(() =>
            pro.evaluate((el) => {
              const box = el.getBoundingClientRect()
              return box.top >= 0 && box.bottom <= window.innerHeight
            }),
          )
          .toBe(true)
      }
      await page.goto(`${server.url}/plan?plan=GOLD`)
      await expect.poll(() => new URL(page.url()).search).toBe('')
      for (const viewport of [DESKTOP, PHONE]) {
        // The nav sits in the header of wide screens and in a tab bar on phones.
        await page.setViewportSize(viewport)
        const videos = mainNav(page).getByRole('link', { name: 'Videos' })
        await videos.click()
        await page.waitForURL('**/queue')
        // The URL changes before React marks the link: wait for the mark, not the URL.
        await expect.poll(() => videos.getAttribute('aria-current')).toBe('page')
        await page.getByRole('link', { name: /See plans/ }).click()
        await page.waitForURL('**/plan')
      }

      // /format at the limit: the dialog leads on; closed, no video can be started.
      await page.goto(`${server.url}/format`)
      const dialog = page.getByRole('dialog', { name: UI_TEXT.videoLimitReachedTitle })
      await dialog.waitFor()
      expect(await dialog.getByRole('link', { name: 'Upgrade Plan' }).isVisible()).toBe(true)
      expect(await dialog.getByRole('link', { name: 'See your videos' }).isVisible()).toBe(true)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/format')
      expect(await page.getByRole('button', { name: /9:16/ }).isDisabled()).toBe(true)
      await checkA11y(page, a11y, '/format')
      await page.getByRole('link', { name: 'see your videos' }).click()
      await page.waitForURL('**/queue')

      expect(problems).toEqual([])
      expect(a11y).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('/auth-callback keeps the user and goes on, or shows the error', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    try {
      // A sign-in that failed at the provider: its message, on /signin.
      await page.goto(`${server.url}/auth-callback?error=msg_google_oauth_failed`)
      await toast(page, MESSAGES.msg_google_oauth_failed.text).waitFor()
      await page.waitForURL('**/signin')
      await page.goto(`${server.url}/auth-callback?error=access_denied`)
      await toast(page, 'Authentication error: access_denied').waitFor()
      await page.waitForURL('**/signin')

      // The server set the session and sends the user's data along (as after a Google sign-in).
      await signUp(page, server, newEmail('callback'))
      await page.evaluate(() => localStorage.clear())
      const user: UserData = {
        name: 'Maya Lopez',
        profilePicture: null,
        subscription: { type: 'FREE', stripeCustomerId: null, currentPeriodEnd: null },
        limitReached: false,
      }
      const userInfo = encodeURIComponent(JSON.stringify(user))
      await page.goto(`${server.url}/auth-callback?userInfo=${userInfo}`)
      await page.waitForURL('**/format')
      const stored = await page.evaluate(() => localStorage.getItem('storyreel.userData'))
      expect(JSON.parse(stored ?? 'null')).toMatchObject({
        state: { value: { name: 'Maya Lopez' } },
      })
      await page.goto(`${server.url}/auth-callback?userInfo=${userInfo}&plan=PRO`)
      await page.waitForURL('**/plan?plan=PRO')
    } finally {
      await context.close()
    }
  })
})
