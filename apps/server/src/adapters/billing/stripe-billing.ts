import Stripe from 'stripe'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../http/app-error'
import type { Billing, BillingEvent, SubscriptionSnapshot } from './billing'
import {
  fromUnix,
  idOf,
  invoiceSubscriptionId,
  paymentStatus,
  subscriptionSnapshot,
  type PriceIds,
} from './stripe-mapping'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  prices: PriceIds
  /** Another server speaking Stripe's API; Stripe's own by default. */
  apiBase?: string
}

/** What every event carries, checked before anything relies on it. */
const EventShapeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.object({}) }),
})

/** A call gives up after this long; Checkout and the portal answer in well under a second. */
const TIMEOUT_MS = 20_000

/** Where the SDK sends its requests, from a base URL such as http://127.0.0.1:4242. */
function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {}
  const url = new URL(apiBase)
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const)
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

/** Stripe's "no such object": the id is unknown (or belongs to another account). */
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404)

/**
 * Stripe through its official SDK: hosted Checkout for subscriptions, the billing portal, and
 * signed webhook events. A failure on Stripe's side (down, refused key, bad price) answers
 * msg_billing_unavailable and is logged, so the operator sees why.
 */
export function stripeBilling(settings: StripeSettings, log: FastifyBaseLogger): Billing {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiBase),
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Storyreel' },
  })

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      log.error({ err: error }, `stripe: ${what} failed`)
      throw new AppError('msg_billing_unavailable')
    }
  }

  async function orNull<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run()
    } catch (error) {
      if (isMissing(error)) return null
      log.error({ err: error }, `stripe: ${what} failed`)
      throw new AppError('msg_billing_unavailable')
    }
  }

  function snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    const result = subscriptionSnapshot(subscription, settings.prices)
    if (result.plan === null) {
      log.warn(
        { subscription: subscription.id, prices: subscription.items.data.map((i) => i.price.id) },
        'stripe: a subscription to a price that is neither STRIPE_PRICE_STARTER nor STRIPE_PRICE_PRO',
      )
    }
    return result
  }

  async function subscription(id: string): Promise<SubscriptionSnapshot | null> {
    const found = await orNull(`subscription ${id}`, () => stripe.subscriptions.retrieve(id))
    return found && snapshot(found)
  }

  /** The subscription an event names, fetched now; an unknown one is logged and left out. */
  async function current(id: string | null, event: Stripe.Event) {
    if (!id) return null
    const found = await subscription(id)
    if (!found) log.warn({ event: event.id, subscription: id }, 'stripe: unknown subscription')
    return found
  }

  async function toBillingEvent(event: Stripe.Event): Promise<BillingEvent> {
    const base = { id: event.id, type: event.type, created: fromUnix(event.created) }
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        if (session.mode !== 'subscription') return { ...base, kind: 'ignored' }
        return {
          ...base,
          kind: 'checkout',
          userId: session.client_reference_id,
          customerId: idOf(session.customer),
          subscription: await current(idOf(session.subscription), event),
        }
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { ...base, kind: 'subscription', subscription: snapshot(event.data.object) }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // The invoice tells which subscription; its state now says what the payment changed.
        const found = await current(invoiceSubscriptionId(event.data.object), event)
        return found
          ? { ...base, kind: 'subscription', subscription: found }
          : { ...base, kind: 'ignored' }
      }
      default:
        return { ...base, kind: 'ignored' }
    }
  }

  return {
    configured: true,

    async createCheckout(request) {
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: settings.prices[request.plan], quantity: 1 }],
          client_reference_id: request.userId,
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_email: request.email }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: { userId: request.userId, plan: request.plan },
          subscription_data: { metadata: { userId: request.userId } },
        }),
      )
      if (!session.url) throw new AppError('msg_billing_unavailable')
      return session.url
    },

    async checkoutSession(sessionId) {
      const session = await orNull(`checkout session ${sessionId}`, () =>
        stripe.checkout.sessions.retrieve(sessionId),
      )
      if (!session) return null
      return {
        userId: session.client_reference_id,
        paymentStatus: paymentStatus(session),
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        created: fromUnix(session.created),
      }
    },

    async portalUrl(customerId, returnUrl) {
      const session = await call('billing portal session', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      )
      return session.url
    },

    subscription,

    async readEvent(body, signature) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(body, signature ?? '', settings.webhookSecret)
      } catch (error) {
        log.warn({ err: error }, 'stripe: a webhook with a bad signature')
        throw new AppError('msg_invalid_webhook_signature')
      }
      // Signed by Stripe, so well formed; a signed body that is no event is still refused.
      const { error } = EventShapeSchema.safeParse(event)
      if (error) {
        const fields = error.issues.map((issue) => issue.path.join('.'))
        throw new AppError('msg_zod_validation_error', { fields })
      }
      return toBillingEvent(event)
    },
  }
}
