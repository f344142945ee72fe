import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UI_TEXT } from '@storyreel/core'
import { newEmail, signUp } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { watchPageProblems, phoneContext } from './support/browser'
import { makeImage } from './support/media'
import type { TestServer } from './support/server'
import { startJourney, type Journey } from './support/journey'

type Scheme = 'light' | 'dark'

/** The relative luminance (0 black to 1 white, WCAG's formula) of the body's background. */
async function bodyLuminance(page: Page): Promise<number> {
  const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const channels = /^rgba?\((\d+), (\d+), (\d+)/.exec(color)
  if (!channels) throw new Error(`unexpected body background ${color}`)
  const [r, g, b] = channels.slice(1).map((c) => {
    const s = Number(c) / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

describe('the theme follows the system', () => {
  let journey: Journey
  let server: TestServer
  let browser: Browser
  let workDir: string

  beforeAll(async () => {
    journey = await startJourney('themes')
    ;({ server, browser, workDir } = journey)
  })

  afterAll(() => journey?.stop())

  test('in dark, every main screen is dark and readable; light holds on the rest', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    const found: string[] = []

    /** The page as it is now, in `scheme`: a dark body in dark, and no serious axe findings. */
    const check = async (where: string, scheme: Scheme = 'dark') => {
      await page.emulateMedia({ colorScheme: scheme })
      // Controls fade their colours over 160 ms: axe must read them settled.
      await page.waitForTimeout(300)
      if (scheme === 'dark') {
        const luminance = await bodyLuminance(page)
        if (luminance >= 0.2) found.push(`${where}: body luminance ${luminance.toFixed(2)}`)
      }
      found.push(...(await seriousA11yViolations(page)).map((v) => `${scheme} ${where} ${v}`))
      await page.emulateMedia({ colorScheme: 'dark' })
    }
    /** Screens no other journey holds to axe in light: checked in both themes. */
    const checkBoth = async (where: string) => {
      await check(where, 'dark')
      await check(where, 'light')
    }

    try {
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.goto(`${server.url}/signin`)
      await page.getByLabel('Email').waitFor()
      await check('/signin')
      await page.goto(`${server.url}/terms`)
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor()
      await checkBoth('/terms')

      await signUp(page, server, newEmail('themes'))
      await page.getByRole('button', { name: /9:16/ }).waitFor()
      await check('/format')

      // A new user's empty places, and /generate's way to a higher plan.
      await page.goto(`${server.url}/media?provider=LOCAL`)
      await page.getByRole('heading', { name: UI_TEXT.noMediaFoundTitle }).waitFor()
      await checkBoth('/media (empty)')
      await page.goto(`${server.url}/queue`)
      await page.getByRole('heading', { name: 'No videos yet' }).waitFor()
      await checkBoth('/queue (empty)')
      // Below PRO, /generate says why and goes on to the plans.
      await page.goto(`${server.url}/generate`)
      await page.waitForURL((url) => url.pathname === '/plan')
      await page.locator('.toast', { hasText: UI_TEXT.higherSubscriptionRequired }).waitFor()
      await checkBoth('/plan, from /generate')

      // One picture, composed, in the editor.
      await page.goto(`${server.url}/format`)
      await page.getByRole('button', { name: /9:16/ }).click()
      await page.waitForURL('**/upload?fromFormat=true')
      const picture = await makeImage(workDir, 'beach.jpg', 'testsrc2=s=1600x1200')
      await page.getByLabel('Choose files').setInputFiles(picture)
      await page.getByRole('button', { name: /^Remove / }).waitFor()
      await check('/upload')
      await page.getByRole('button', { name: 'Compose video' }).click()
      await page.waitForURL('**/customize', { timeout: 120_000 })
      await page.getByRole('heading', { name: 'Your story' }).waitFor()
      await check('/customize')

      // The render page while the video is in the works (queued or rendering), and when done.
      await page.getByRole('button', { name: 'Render', exact: true }).click()
      await page.waitForURL('**/render/*')
      await page.locator('.render-status .state-chip').waitFor()
      await checkBoth('/render (in the works)')
      await page.getByRole('button', { name: 'Download' }).waitFor({ timeout: 8 * 60 * 1000 })
      await check('/render (finished)')

      await page.goto(`${server.url}/queue`)
      await page.getByRole('button', { name: 'Play video' }).waitFor()
      await check('/queue')
      await page.goto(`${server.url}/media?provider=LOCAL`)
      await page.getByRole('list', { name: 'Your uploads' }).waitFor()
      await check('/media')
      await page.goto(`${server.url}/plan`)
      await page.getByRole('button', { name: 'Choose Starter' }).waitFor()
      await check('/plan')

      expect(problems).toEqual([])
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
