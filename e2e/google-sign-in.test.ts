import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '@storyreel/core'
import {
  startOidcProvider,
  type OidcProvider,
  type ProviderAccount,
} from '../apps/server/test/oidc-provider'
import { createAccount } from './support/accounts'
import { newEmail, toast } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { DESKTOP, launchBrowser, phoneContext, watchPageProblems } from './support/browser'
import { freePort, startServer, type TestServer } from './support/server'

/** Someone with a Google account, as the provider describes them. */
function googleAccount(extra: Partial<ProviderAccount> = {}): ProviderAccount {
  const email = newEmail('maya.google')
  return {
    sub: `sub-${email}`,
    email,
    email_verified: true,
    name: 'Maya Lopez',
    given_name: 'Maya',
    family_name: 'Lopez',
    ...extra,
  }
}

const googleButton = (page: Page) => page.getByRole('link', { name: 'Continue with Google' })

describe('sign-in with Google', () => {
  const emailAccount = newEmail('maya.email')
  let provider: OidcProvider
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    provider = await startOidcProvider()
    // Google sends the browser back to PUBLIC_URL, which must be this server's own address.
    const port = await freePort()
    const env = { ...provider.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }
    ;[server, browser] = await Promise.all([
      startServer(env, (dataDir) => createAccount(dataDir, emailAccount, 'FREE')),
      launchBrowser(),
    ])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await provider?.stop()
  })

  test('on a phone, Continue with Google signs a new user in and lands on /format', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    const a11y: string[] = []
    try {
      await page.goto(`${server.url}/signin`)
      await googleButton(page).waitFor()
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.waitForTimeout(300)
        a11y.push(...(await seriousA11yViolations(page)).map((v) => `${scheme} ${v}`))
      }
      await page.emulateMedia({ colorScheme: 'light' })
      // Within the phone's width, not clipped.
      const box = (await googleButton(page).boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      expect(box.height).toBeGreaterThanOrEqual(44)

      provider.signInAs(googleAccount())
      await googleButton(page).click()
      await page.waitForURL('**/format')
      // Signed in: the header shows the plan, and a reload keeps the session.
      await page.getByText('FREE', { exact: true }).waitFor()
      await page.reload()
      await page.getByText('FREE', { exact: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/format')

      expect(problems).toEqual([])
      expect(a11y).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('on a desktop, a sign-in opened with a plan goes on to /plan?plan=PRO', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      await page.goto(`${server.url}/signin?plan=PRO`)
      await googleButton(page).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(new URL((await googleButton(page).getAttribute('href'))!, server.url).search).toBe(
        '?plan=PRO',
      )
      provider.signInAs(googleAccount())
      await googleButton(page).click()
      await page.waitForURL((url) => url.pathname === '/plan' && url.search === '?plan=PRO')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('a failed sign-in comes back to /signin and says why', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    const problems = watchPageProblems(page)
    try {
      // An address Google has not verified.
      provider.signInAs(googleAccount({ email_verified: false }))
      await page.goto(`${server.url}/signin`)
      await googleButton(page).click()
      await toast(page, MESSAGES.msg_google_oauth_failed.text).waitFor()
      await page.waitForURL((url) => url.pathname === '/signin')
      await googleButton(page).waitFor()

      // An address whose account signs in by e-mail code.
      provider.signInAs(googleAccount({ email: emailAccount }))
      await googleButton(page).click()
      await toast(page, MESSAGES.msg_user_invalid_provider.text).waitFor()
      await page.waitForURL((url) => url.pathname === '/signin')

      // Nobody was signed in: a signed-in page sends the visitor back.
      await page.goto(`${server.url}/format`)
      await page.waitForURL('**/signin')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('without Google credentials', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('the sign-in screen shows no Google button', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    try {
      await page.goto(`${server.url}/signin`)
      await page.getByLabel('Email').waitFor()
      // The providers' answer has come: the screen has settled without the button.
      await page.waitForLoadState('networkidle')
      expect(await googleButton(page).count()).toBe(0)
      expect(await page.getByText('or', { exact: true }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
