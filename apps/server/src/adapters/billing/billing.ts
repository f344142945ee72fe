import type { PaidPlan, PaymentStatus } from '@storyreel/core'

/**
 * A subscription as the plan logic needs it, whatever the billing service calls its fields.
 * `status` is the service's own word (Stripe's: active, trialing, past_due, canceled, unpaid,
 * incomplete, incomplete_expired, paused); subscription-state.ts decides what each means.
 */
export interface SubscriptionSnapshot {
  id: string
  customerId: string
  status: string
  /** The plan its price buys; null for a price this server does not sell. */
  plan: PaidPlan | null
  currentPeriodEnd: Date | null
  /** The user it was bought for, as checkout wrote it into the subscription's metadata. */
  userId: string | null
}

/**
 * A verified webhook event, reduced to what changes a user's plan. `created` is the billing
 * service's own time of the event: events are ordered by it, never by our clock.
 */
export type BillingEvent = { id: string; type: string; created: Date } & (
  | {
      kind: 'checkout'
      /** Our user id, from the session's client_reference_id. */
      userId: string | null
      customerId: string | null
      /** Fetched when the event arrives, so at least as new as the event. */
      subscription: SubscriptionSnapshot | null
    }
  | {
      kind: 'subscription'
      subscription: SubscriptionSnapshot
    }
  /** An event this server does not act on (or a checkout of another mode). */
  | { kind: 'ignored' }
)

export interface CheckoutSession {
  userId: string | null
  paymentStatus: PaymentStatus
  customerId: string | null
  subscriptionId: string | null
  /** When the checkout started, by the billing service's clock. */
  created: Date
}

export interface CheckoutRequest {
  plan: PaidPlan
  userId: string
  email: string
  /** The user's billing customer when they have one; otherwise checkout creates it. */
  customerId: string | null
  successUrl: string
  cancelUrl: string
}

/**
 * Payments: checkout for a plan, the billing portal, and the webhook events that keep a user's
 * plan in step. Stripe's when configured; otherwise every call answers
 * msg_billing_not_configured.
 */
export interface Billing {
  configured: boolean
  /** The URL of a hosted checkout page for the plan. */
  createCheckout(request: CheckoutRequest): Promise<string>
  /** A checkout session, or null when the service knows no such session. */
  checkoutSession(sessionId: string): Promise<CheckoutSession | null>
  /** The URL of the customer's billing portal, which leads back to returnUrl. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>
  /** A subscription as it is now, or null when the service knows no such subscription. */
  subscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>
  /**
   * The event of a webhook delivery, once its signature matches the body; a mismatch throws
   * msg_invalid_webhook_signature. `body` must be the bytes as they arrived.
   */
  readEvent(body: Buffer, signature: string | undefined): Promise<BillingEvent>
}
