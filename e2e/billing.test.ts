import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES, UI_TEXT } from '@storyreel/core'
import { deliverEvent, startFakeStripe } from '../apps/server/test/stripe-server'
import type { FakeStripe } from '../apps/server/test/stripe-server'
import { newEmail, signUp } from './support/auth'
import { seriousA11yViolations } from './support/axe'
import { DESKTOP, launchBrowser, phoneContext, watchPageProblems } from './support/browser'
import { startServer } from './support/server'
import type { TestServer } from './support/server'
import { planCardNames } from './support/plans'

/** The header's plan badge, a link to /plan named by the plan. */
const planBadge = (page: Page, plan: string) =>
  page.getByRole('link', { name: `Your plan: ${plan}. See plans` })

describe('buying a plan: /plan, Stripe Checkout, the webhook, the billing portal', () => {
  let fake: FakeStripe
  let server: TestServer
  let browser: Browser
  /** What the server answered to each webhook delivery, oldest first. */
  const deliveries: { status: number; outcome: unknown }[] = []

  beforeAll(async () => {
    fake = await startFakeStripe()
    ;[server, browser] = await Promise.all([startServer(fake.env), launchBrowser()])
    // Stripe sends checkout.session.completed as the payment goes through, before the browser
    // is sent back: deliver it signed, as Stripe would.
    fake.onCheckoutPaid = async (event) => {
      const answer = await deliverEvent(server.url, event)
      deliveries.push({
        status: answer.status,
        outcome: (answer.body.data as { outcome?: unknown } | null)?.outcome,
      })
    }
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await fake?.close()
  })

  const screens: [string, (b: Browser) => Promise<BrowserContext>][] = [
    ['phone 390x844', (b) => phoneContext(b)],
    ['desktop 1280 wide', (b) => b.newContext({ viewport: DESKTOP })],
  ]

  for (const [screen, newContext] of screens) {
    test(`a FREE user buys Pro and manages it in the portal (${screen})`, async () => {
      const context = await newContext(browser)
      const page = await context.newPage()
      const problems = watchPageProblems(page)
      const a11y: string[] = []
      const check = async (where: string) =>
        a11y.push(...(await seriousA11yViolations(page)).map((v) => `${where} ${v}`))
      try {
        await signUp(page, server, newEmail('billing'))
        await planBadge(page, 'FREE').click()
        await page.waitForURL('**/plan')

        // Starter and Pro, each with its price; no notice, as this server takes payments.
        expect(await planCardNames(page)).toEqual(['Starter', 'Pro'])
        const pro = page.getByRole('article', { name: 'Pro' })
        expect(await pro.getByText('$99.99').isVisible()).toBe(true)
        expect(await pro.getByText('100 videos per month').isVisible()).toBe(true)
        expect(await page.getByText(MESSAGES.msg_billing_not_configured.text).count()).toBe(0)
        await check('/plan')

        // Pro goes to Stripe's hosted Checkout page.
        await pro.getByRole('button', { name: 'Choose Pro' }).click()
        await page.waitForURL(`${fake.url}/c/pay/**`)
        const sessionId = /(cs_test_\w+)$/.exec(page.url())![1]!
        expect(fake.sessions.get(sessionId)?.client_reference_id).toBeTruthy()

        // Paid: Stripe's webhook arrives, and the browser comes back to /plan with the session.
        await page.getByRole('button', { name: 'Pay' }).click()
        await page.waitForURL(`${server.url}/plan?session_id=${sessionId}`)
        expect(deliveries.at(-1)).toEqual({ status: 200, outcome: 'applied' })

        const dialog = page.getByRole('dialog', { name: 'You are all set' })
        await dialog.getByText(UI_TEXT.paymentSucceeded).waitFor()
        await check('payment dialog')
        await dialog.getByRole('button', { name: 'Continue' }).click()
        await expect.poll(() => new URL(page.url()).search).toBe('')

        // The header and the cards show the new plan.
        await planBadge(page, 'PRO').waitFor()
        await pro.getByText('Current plan', { exact: true }).waitFor()
        expect(await pro.getByRole('button', { name: 'Manage subscription' }).isEnabled()).toBe(
          true,
        )
        expect(
          await page
            .getByRole('article', { name: 'Starter' })
            .getByRole('button', { name: 'Switch to Starter' })
            .isEnabled(),
        ).toBe(true)
        await check('/plan, PRO')

        // The profile's plan line opens the billing portal, which leads back to /plan.
        await page.getByRole('button', { name: 'Your profile' }).click()
        await page.getByRole('button', { name: 'Your Plan: PRO' }).click()
        await page.waitForURL(`${fake.url}/p/session/**`)
        await page.getByRole('link', { name: 'Return to Storyreel' }).click()
        await page.waitForURL(`${server.url}/plan`)
        await planBadge(page, 'PRO').waitFor()

        expect(problems).toEqual([])
        expect(a11y).toEqual([])
      } finally {
        await context.close()
      }
    })
  }

  test('a FREE user without a billing account goes from the plan line to /plan', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    try {
      await signUp(page, server, newEmail('billing-free'))
      await page.getByRole('button', { name: 'Your profile' }).click()
      await page.getByRole('button', { name: 'Your Plan: FREE' }).click()
      await page.waitForURL(`${server.url}/plan`)
      // Leaving checkout by its Back link returns to /plan with nothing bought.
      await page.getByRole('button', { name: 'Choose Starter' }).click()
      await page.waitForURL(`${fake.url}/c/pay/**`)
      await page.getByRole('link', { name: 'Back' }).click()
      await page.waitForURL(`${server.url}/plan`)
      await planBadge(page, 'FREE').waitFor()
      expect(
        await page.getByRole('button', { name: 'Choose Starter' }).getAttribute('aria-busy'),
      ).toBeNull()
    } finally {
      await context.close()
    }
  })
})
