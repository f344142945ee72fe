import type Stripe from 'stripe'
import { PLAN_ORDER, type PaidPlan, type PaymentStatus } from '@storyreel/core'
import type { SubscriptionSnapshot } from './billing'

/** The Stripe price that buys each paid plan (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO). */
export type PriceIds = Record<PaidPlan, string>

/** Stripe's seconds since the epoch. */
export const fromUnix = (seconds: number) => new Date(seconds * 1000)

/** An expandable field's id: Stripe sends the id, or the object when it was expanded. */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (field === null || field === undefined) return null
  return typeof field === 'string' ? field : field.id
}

/**
 * A session's outcome for the return modal. Complete and paid (or free) is SUCCEEDED; complete
 * but unpaid is a payment method that settles later (a bank debit): PENDING.
 */
export function paymentStatus(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>,
): PaymentStatus {
  if (session.status === 'complete') {
    return session.payment_status === 'unpaid' ? 'PENDING' : 'SUCCEEDED'
  }
  return session.status === 'expired' ? 'EXPIRED' : 'INCOMPLETE'
}

/** The highest plan the subscription's prices buy, or null when none is ours. */
function planOf(subscription: Stripe.Subscription, prices: PriceIds): PaidPlan | null {
  const bought = subscription.items.data.flatMap((item) =>
    (Object.keys(prices) as PaidPlan[]).filter((plan) => prices[plan] === item.price.id),
  )
  return bought.sort((a, b) => PLAN_ORDER.indexOf(b) - PLAN_ORDER.indexOf(a))[0] ?? null
}

/**
 * The subscription as the plan logic reads it. Since API version 2025-03-31 the period lives on
 * each item; the items of one subscription share it, the latest is taken to be safe.
 */
export function subscriptionSnapshot(
  subscription: Stripe.Subscription,
  prices: PriceIds,
): SubscriptionSnapshot {
  const ends = subscription.items.data.map((item) => item.current_period_end)
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    plan: planOf(subscription, prices),
    currentPeriodEnd: ends.length > 0 ? fromUnix(Math.max(...ends)) : null,
    userId: subscription.metadata?.userId ?? null,
  }
}

/** The subscription an invoice bills, if it bills one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription)
}
