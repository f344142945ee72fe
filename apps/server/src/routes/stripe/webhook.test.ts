import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRIPE_WEBHOOK_PATH, authApi, billingApi, endpointUrl } from '@storyreel/core'
import type { PaidPlan, Subscription } from '@storyreel/core'
import { stripeEvents, users } from '../../db/schema'
import { signUp, type ApiClient } from '../../../test/client'
import {
  FAKE_WEBHOOK_SECRET,
  deliverEvent,
  signatureFor,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/stripe-server'
import { startTestServer, type TestServer } from '../../../test/test-server'

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

type Json = Record<string, unknown>

async function billingOf(client: ApiClient): Promise<Subscription> {
  const answer = await client.call(authApi.verifySession)
  return answer.data.userData!.subscription
}

async function deliver(event: Json) {
  const answer = await deliverEvent(server.url, event)
  expect(answer.status).toBe(200)
  return (answer.body.data as { outcome: string }).outcome
}

const periodEndOf = (subscription: Json) =>
  (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/**
 * A new user who paid for the plan: checkout at the fake, paid, and Stripe's
 * checkout.session.completed delivered (the user never came back to /plan).
 */
async function subscriber(plan: PaidPlan = 'PRO') {
  const { client, email } = await signUp(server)
  const created = await client.call(billingApi.createCheckoutSession, {
    body: { selectedPlan: plan },
  })
  const sessionId = /(cs_test_\w+)$/.exec(created.data.url)![1]!
  const { session, subscription } = fake.completeCheckout(sessionId)
  const outcome = await deliver(fake.event('checkout.session.completed', session))
  return { client, email, session, subscription, subscriptionId: String(subscription.id), outcome }
}

describe('the webhook signature', () => {
  const event = () => fake.event('customer.subscription.deleted', { id: 'sub_x', object: 'x' })

  it('refuses a delivery without a signature, with a forged one, or signed with another secret', async () => {
    const body = JSON.stringify(event())
    const cases = [
      undefined,
      't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      signatureFor(body, 'whsec_someone_else'),
    ]
    for (const signature of cases) {
      const res = await fetch(server.url + endpointUrl({ path: STRIPE_WEBHOOK_PATH }), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'stripe-signature': signature }),
        },
        body,
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(
        'msg_invalid_webhook_signature',
      )
    }
  })

  it('refuses a body changed after signing, and a replay of an old delivery', async () => {
    const body = JSON.stringify(event())
    const tampered = await deliverEvent(server.url, event(), { signature: signatureFor(body) })
    expect(tampered.status).toBe(400)
    const stale = signatureFor(body, FAKE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)
    const res = await fetch(server.url + endpointUrl({ path: STRIPE_WEBHOOK_PATH }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stale },
      body,
    })
    expect(res.status).toBe(400)
  })

  it('checks the exact bytes Stripe sent: a signed body in any layout is accepted', async () => {
    // deliverEvent pretty-prints the JSON: re-serialising a parsed body would break the signature.
    expect(await deliver(fake.event('customer.created', { id: 'cus_x', object: 'customer' }))).toBe(
      'ignored',
    )
  })

  it('needs neither a session cookie nor a CSRF token (Stripe has neither)', async () => {
    const res = await fetch(server.url + endpointUrl({ path: STRIPE_WEBHOOK_PATH }), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': signatureFor('{}') },
      body: '{}',
    })
    // Past CSRF and sessions to the signature, which matched: the body is simply not an event.
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe('msg_zod_validation_error')
  })
})

describe('webhook events keep the plan in step', () => {
  it('checkout.session.completed gives the plan, the customer and the period end', async () => {
    const { client, subscription, outcome } = await subscriber('PRO')
    expect(outcome).toBe('applied')
    expect(await billingOf(client)).toEqual({
      type: 'PRO',
      stripeCustomerId: subscription.customer,
      currentPeriodEnd: iso(periodEndOf(subscription)),
    })
  })

  it('the same event delivered twice changes nothing the second time', async () => {
    const { client, email, subscriptionId } = await subscriber('PRO')
    const downgrade = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { plan: 'STARTER' }),
    )
    expect(await deliver(downgrade)).toBe('applied')
    expect((await billingOf(client)).type).toBe('STARTER')
    // The operator gives PRO by hand; a redelivery of the downgrade must not undo that.
    await server.app.services.db.update(users).set({ plan: 'PRO' }).where(eq(users.email, email))
    expect(await deliver(downgrade)).toBe('duplicate')
    expect((await billingOf(client)).type).toBe('PRO')
    const recorded = await server.app.services.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, String(downgrade.id)))
    expect(recorded).toHaveLength(1)
  })

  it('the same event delivered twice at once is applied once', async () => {
    const { subscriptionId } = await subscriber('PRO')
    const event = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { plan: 'STARTER' }),
    )
    const outcomes = await Promise.all([deliver(event), deliver(event), deliver(event)])
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate'])
  })

  it('an older event arriving late does not undo a newer one', async () => {
    const { client, subscriptionId, subscription } = await subscriber('STARTER')
    const t = Math.floor(Date.now() / 1000)
    const firstEnd = periodEndOf(subscription)
    const upgrade = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { plan: 'PRO' }),
      { created: t + 10 },
    )
    const renewal = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { periodEnd: firstEnd + 31 * 86400 }),
      { created: t + 20 },
    )
    // Stripe delivered them the other way round.
    expect(await deliver(renewal)).toBe('applied')
    expect(await deliver(upgrade)).toBe('older')
    expect(await billingOf(client)).toMatchObject({
      type: 'PRO',
      currentPeriodEnd: iso(firstEnd + 31 * 86400),
    })
  })

  it('a live state with an earlier period end, even stamped later, is an earlier renewal', async () => {
    const { client, subscription } = await subscriber('PRO')
    const t = Math.floor(Date.now() / 1000)
    const end = periodEndOf(subscription)
    const earlier = fake.event(
      'customer.subscription.updated',
      {
        ...subscription,
        items: {
          data: [
            {
              ...(subscription.items as { data: Json[] }).data[0],
              current_period_end: end - 86400,
            },
          ],
        },
      },
      { created: t + 5 },
    )
    expect(await deliver(earlier)).toBe('earlier-period')
    expect((await billingOf(client)).currentPeriodEnd).toBe(iso(end))
  })

  it('customer.subscription.deleted ends the plan: FREE, no period end, the customer kept', async () => {
    const { client, subscriptionId, subscription } = await subscriber('PRO')
    expect(
      await deliver(
        fake.event('customer.subscription.deleted', fake.cancelSubscription(subscriptionId)),
      ),
    ).toBe('applied')
    expect(await billingOf(client)).toEqual({
      type: 'FREE',
      stripeCustomerId: subscription.customer,
      currentPeriodEnd: null,
    })
    // The portal still opens, for the invoices.
    expect((await client.call(billingApi.billingPortal)).status).toBe(200)
  })

  it('a deleted subscription is not revived by a late update, whatever its time stamp', async () => {
    const { client, subscriptionId } = await subscriber('PRO')
    const t = Math.floor(Date.now() / 1000)
    const active = fake.updateSubscription(subscriptionId, { plan: 'PRO' })
    const deleted = fake.event(
      'customer.subscription.deleted',
      fake.cancelSubscription(subscriptionId),
      { created: t + 10 },
    )
    expect(await deliver(deleted)).toBe('applied')
    const late = await deliver(
      fake.event('customer.subscription.updated', active, { created: t + 5 }),
    )
    expect(['ended', 'older']).toContain(late)
    // Even an update stamped after the deletion (clocks, retries) cannot bring it back.
    expect(
      await deliver(fake.event('customer.subscription.updated', active, { created: t + 30 })),
    ).toBe('ended')
    expect((await billingOf(client)).type).toBe('FREE')
  })

  it('a new subscription after a cancelled one gives the plan again', async () => {
    const { client, subscriptionId } = await subscriber('PRO')
    await deliver(
      fake.event('customer.subscription.deleted', fake.cancelSubscription(subscriptionId)),
    )
    expect((await billingOf(client)).type).toBe('FREE')
    const again = await client.call(billingApi.createCheckoutSession, {
      body: { selectedPlan: 'STARTER' },
    })
    const id = /(cs_test_\w+)$/.exec(again.data.url)![1]!
    const { session } = fake.completeCheckout(id)
    expect(
      await deliver(
        fake.event('checkout.session.completed', session, {
          created: Math.floor(Date.now() / 1000) + 60,
        }),
      ),
    ).toBe('applied')
    expect((await billingOf(client)).type).toBe('STARTER')
    // The old subscription's late news does not end the new one.
    expect(
      await deliver(
        fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!, {
          created: Math.floor(Date.now() / 1000) + 120,
        }),
      ),
    ).toBe('other-subscription-ended')
    expect((await billingOf(client)).type).toBe('STARTER')
  })

  it('invoice.paid moves the period end to the renewed period, read from Stripe', async () => {
    const { client, subscriptionId, subscription } = await subscriber('STARTER')
    const next = periodEndOf(subscription) + 30 * 86400
    fake.updateSubscription(subscriptionId, { periodEnd: next })
    fake.reset()
    const outcome = await deliver(
      fake.event('invoice.paid', fake.invoiceFor(subscriptionId), {
        created: Math.floor(Date.now() / 1000) + 5,
      }),
    )
    expect(outcome).toBe('applied')
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${subscriptionId}`,
    ])
    expect(await billingOf(client)).toMatchObject({ type: 'STARTER', currentPeriodEnd: iso(next) })
  })

  it('invoice.payment_failed keeps the plan while Stripe retries, and ends it once unpaid', async () => {
    const { client, subscriptionId } = await subscriber('PRO')
    const t = Math.floor(Date.now() / 1000)
    fake.updateSubscription(subscriptionId, { status: 'past_due' })
    await deliver(
      fake.event('invoice.payment_failed', fake.invoiceFor(subscriptionId, 'open'), {
        created: t + 5,
      }),
    )
    expect((await billingOf(client)).type).toBe('PRO')
    fake.updateSubscription(subscriptionId, { status: 'unpaid' })
    await deliver(
      fake.event('invoice.payment_failed', fake.invoiceFor(subscriptionId, 'open'), {
        created: t + 10,
      }),
    )
    expect(await billingOf(client)).toMatchObject({ type: 'FREE', currentPeriodEnd: null })
  })

  it('an event for a customer nobody here has is acknowledged and changes nothing', async () => {
    const stranger = {
      id: 'sub_nobody',
      object: 'subscription',
      customer: 'cus_nobody',
      status: 'active',
      metadata: {},
      items: { object: 'list', data: [] },
    }
    expect(await deliver(fake.event('customer.subscription.updated', stranger))).toBe('no-user')
  })

  it('a webhook that cannot read the subscription from Stripe fails, so Stripe delivers it again', async () => {
    const { client, subscriptionId } = await subscriber('STARTER')
    fake.updateSubscription(subscriptionId, { plan: 'PRO' })
    const event = fake.event('invoice.paid', fake.invoiceFor(subscriptionId), {
      created: Math.floor(Date.now() / 1000) + 5,
    })
    fake.failNext(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
    const failed = await deliverEvent(server.url, event)
    expect(failed.status).toBe(502)
    expect(failed.body.message).toBe('msg_billing_unavailable')
    expect((await billingOf(client)).type).toBe('STARTER')
    // Not recorded: the redelivery is applied.
    expect(await deliver(event)).toBe('applied')
    expect((await billingOf(client)).type).toBe('PRO')
  })
})
