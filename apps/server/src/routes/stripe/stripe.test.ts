import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STRIPE_WEBHOOK_PATH, authApi, billingApi, endpointUrl } from '@storyreel/core'
import type { PaidPlan } from '@storyreel/core'
import { users } from '../../db/schema'
import { apiClient, signUp, type ApiClient } from '../../../test/client'
import { FAKE_PRICES, startFakeStripe, type FakeStripe } from '../../../test/stripe-server'
import { startTestServer, type TestServer } from '../../../test/test-server'

/** How the checkout `sessionId` went, asked as `client`. */
const checkoutSession = (client: ApiClient, sessionId: string) =>
  client.call(billingApi.checkoutSession, { params: { sessionId } })

async function subscription(client: ApiClient) {
  const answer = await client.call(authApi.verifySession)
  return answer.data.userData!.subscription
}

describe('without Stripe settings', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ logs: true })
  })
  afterAll(() => server?.close())

  it('says billing is not configured, and every call answers so', async () => {
    const { client } = await signUp(server)
    expect((await client.call(billingApi.config)).data).toEqual({ configured: false })
    for (const answer of [
      await client.call(billingApi.createCheckoutSession, { body: { selectedPlan: 'PRO' } }),
      await checkoutSession(client, 'cs_test_a1'),
      await client.call(billingApi.billingPortal),
    ]) {
      expect(answer.status).toBe(503)
      expect(answer.message).toBe('msg_billing_not_configured')
    }
  })

  it('logs those answers at info: the server is set up so, nothing failed', async () => {
    const { client } = await signUp(server)
    await client.call(billingApi.billingPortal)
    const portal = endpointUrl(billingApi.billingPortal)
    const answered = server.logs.filter((e) => e.url === portal && e.status === 503)
    expect(answered.length).toBeGreaterThan(0)
    expect(answered.every((e) => e.level === 30)).toBe(true)
    expect(server.logs.filter((e) => Number(e.level) >= 50)).toEqual([])
  })

  it('refuses a webhook delivery as not configured (Stripe retries it later)', async () => {
    const res = await fetch(server.url + endpointUrl({ path: STRIPE_WEBHOOK_PATH }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_1","object":"event"}',
    })
    expect(res.status).toBe(503)
    expect(((await res.json()) as { message: string }).message).toBe('msg_billing_not_configured')
  })
})

describe('checkout and the billing portal with Stripe', () => {
  let fake: FakeStripe
  let server: TestServer
  beforeAll(async () => {
    fake = await startFakeStripe()
    server = await startTestServer({ env: fake.env })
  })
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })
  beforeEach(() => fake.reset())

  /** A new user's checkout for the plan, as Stripe got it. */
  async function checkout(client: ApiClient, selectedPlan: PaidPlan = 'PRO') {
    const answer = await client.call(billingApi.createCheckoutSession, { body: { selectedPlan } })
    expect(answer.status).toBe(200)
    const id = /\/c\/pay\/(cs_test_\w+)$/.exec(answer.data.url)![1]!
    return { url: answer.data.url, id }
  }

  it('says billing is configured', async () => {
    const { client } = await signUp(server)
    expect((await client.call(billingApi.config)).data).toEqual({ configured: true })
  })

  it("opens a subscription checkout for the plan's price, for this user, back to /plan", async () => {
    const { client, email } = await signUp(server)
    const { url, id } = await checkout(client, 'STARTER')
    expect(url.startsWith(`${fake.url}/c/pay/`)).toBe(true)
    const [call] = fake.requests
    const [user] = await server.app.services.db.select().from(users).where(eq(users.email, email))
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${fake.env.STRIPE_SECRET_KEY}`,
    })
    // The SDK makes POSTs safe to retry.
    expect(call!.idempotencyKey).toBeTruthy()
    expect(call!.params).toEqual({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.STARTER, quantity: '1' }],
      client_reference_id: user!.id,
      customer_email: email,
      success_url: `${server.url}/plan?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/plan`,
      metadata: { userId: user!.id, plan: 'STARTER' },
      subscription_data: { metadata: { userId: user!.id } },
    })
    expect(fake.sessions.get(id)?.status).toBe('open')
  })

  it("sends the user back to the page's origin when PUBLIC_URL is not set", async () => {
    const { client } = await signUp(server)
    await client.call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'PRO' },
      headers: { origin: 'http://localhost:5173' },
    })
    expect(fake.requests[0]!.params).toMatchObject({
      success_url: 'http://localhost:5173/plan?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/plan',
    })
  })

  it('refuses a plan that is not sold, a missing one, no CSRF token and no session', async () => {
    const { client } = await signUp(server)
    for (const body of [{ selectedPlan: 'FREE' }, { selectedPlan: 'pro' }, {}]) {
      const answer = await client.unchecked<{ fields: string[] }>(
        billingApi.createCheckoutSession,
        { body },
      )
      expect(answer.status).toBe(400)
      expect(answer.message).toBe('msg_zod_validation_error')
      expect(answer.data.fields).toEqual(['selectedPlan'])
    }
    const noCsrf = await client.call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'PRO' },
      csrf: false,
    })
    expect(noCsrf.status).toBe(403)
    const stranger = await apiClient(server).call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'PRO' },
    })
    expect(stranger.message).toBe('msg_session_verification_failed')
    expect(fake.requests).toEqual([])
  })

  it('tells how the checkout went: open, paid, processing, expired', async () => {
    const { client } = await signUp(server)
    const status = async (id: string) => (await checkoutSession(client, id)).data.paymentStatus

    const paid = await checkout(client)
    expect(await status(paid.id)).toBe('INCOMPLETE')
    fake.completeCheckout(paid.id)
    expect(await status(paid.id)).toBe('SUCCEEDED')

    const { client: other } = await signUp(server)
    const processing = await checkout(other)
    fake.completeCheckout(processing.id, { paymentStatus: 'unpaid' })
    expect((await checkoutSession(other, processing.id)).data.paymentStatus).toBe('PENDING')
    // An incomplete subscription (the payment still settling) buys nothing yet.
    expect((await subscription(other)).type).toBe('FREE')

    const expired = await checkout(other)
    fake.expireCheckout(expired.id)
    expect((await checkoutSession(other, expired.id)).data.paymentStatus).toBe('EXPIRED')
  })

  it('gives the plan as soon as the user is back from a paid checkout, before the webhook', async () => {
    const { client } = await signUp(server)
    const { id } = await checkout(client, 'STARTER')
    const { subscription: bought } = fake.completeCheckout(id)
    expect((await checkoutSession(client, id)).data).toEqual({ paymentStatus: 'SUCCEEDED' })
    const now = await subscription(client)
    expect(now.type).toBe('STARTER')
    expect(now.stripeCustomerId).toBe(bought.customer)
    const periodEnd = ((bought.items as { data: { current_period_end: number }[] }).data[0]!
      .current_period_end * 1000) as number
    expect(now.currentPeriodEnd).toBe(new Date(periodEnd).toISOString())
  })

  it("answers not found for another user's session, an unknown one, and a malformed id", async () => {
    const { client: owner } = await signUp(server)
    const { id } = await checkout(owner)
    fake.completeCheckout(id)
    const { client: other } = await signUp(server)
    const stolen = await checkoutSession(other, id)
    expect(stolen.status).toBe(404)
    expect(stolen.message).toBe('msg_checkout_session_not_found')
    // Reading it gave the other user nothing.
    expect((await subscription(other)).type).toBe('FREE')

    const unknown = await checkoutSession(other, 'cs_test_doesnotexist')
    expect(unknown.status).toBe(404)
    expect(unknown.message).toBe('msg_checkout_session_not_found')

    const before = fake.requests.length
    for (const bad of ['cus_123', 'cs_', 'cs_test_a/../b']) {
      const answer = await other.unchecked<{ fields: string[] }>(billingApi.checkoutSession, {
        params: { sessionId: bad },
      })
      expect(answer.status).toBe(400)
      expect(answer.data.fields).toEqual(['sessionId'])
    }
    expect(fake.requests.length).toBe(before)
    expect((await checkoutSession(apiClient(server), id)).status).toBe(401)
  })

  it('opens the billing portal for a user with a billing customer, and says so without one', async () => {
    const { client } = await signUp(server)
    const none = await client.call(billingApi.billingPortal)
    expect(none.status).toBe(404)
    expect(none.message).toBe('msg_no_billing_account')

    const { id } = await checkout(client)
    const { subscription: bought } = fake.completeCheckout(id)
    await checkoutSession(client, id)
    const portal = await client.call(billingApi.billingPortal)
    expect(portal.status).toBe(200)
    expect(portal.data.url.startsWith(`${fake.url}/p/session/bps_`)).toBe(true)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      params: { customer: bought.customer, return_url: `${server.url}/plan` },
    })
  })

  it('sends a paid plan holder to the billing portal instead of a new checkout', async () => {
    const { client } = await signUp(server)
    const { id } = await checkout(client, 'STARTER')
    fake.completeCheckout(id)
    await checkoutSession(client, id)
    fake.reset()
    const answer = await client.call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'PRO' },
    })
    expect(answer.data.url.startsWith(`${fake.url}/p/session/bps_`)).toBe(true)
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/billing_portal/sessions'])
  })

  it('reuses the billing customer of a user who paid before and is FREE again', async () => {
    const { client, email } = await signUp(server)
    const { id } = await checkout(client)
    const { subscription: bought } = fake.completeCheckout(id)
    await checkoutSession(client, id)
    await server.app.services.db.update(users).set({ plan: 'FREE' }).where(eq(users.email, email))
    fake.reset()
    await checkout(client)
    expect(fake.requests[0]!.params).toMatchObject({ customer: bought.customer })
    expect(fake.requests[0]!.params).not.toHaveProperty('customer_email')
  })

  it("answers msg_billing_unavailable when Stripe refuses, and logs Stripe's reason", async () => {
    const { client } = await signUp(server)
    fake.failNext(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
    const answer = await client.call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'PRO' },
    })
    expect(answer.status).toBe(502)
    expect(answer.message).toBe('msg_billing_unavailable')
  })
})
