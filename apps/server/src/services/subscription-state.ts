import type { PlanType } from '@storyreel/core'
import type { SubscriptionSnapshot } from '../adapters/billing/billing'

/** A user's billing fields as stored. */
export interface StoredBilling {
  plan: PlanType
  stripeCustomerId: string | null
  currentPeriodEnd: Date | null
  stripeSubscriptionId: string | null
  subscriptionStatus: string | null
  billingSyncedAt: Date | null
}

/**
 * Statuses that give the paid plan: paying, on trial, or a renewal whose payment Stripe is still
 * retrying (it cancels the subscription, or marks it unpaid, when the retries run out).
 */
const LIVE = new Set(['active', 'trialing', 'past_due'])
/** Statuses a subscription never leaves. */
const ENDED = new Set(['canceled', 'incomplete_expired'])

export const isLive = (status: string | null) => status !== null && LIVE.has(status)

/** Why a subscription state was not applied, for the log. */
export type Skip = 'ended' | 'older' | 'earlier-period' | 'other-subscription-ended'

/**
 * What a subscription's state, known as of `asOf` (the billing service's clock), changes in the
 * user's stored billing: the new fields, or why nothing changes. Events arrive late, twice and
 * out of order, so:
 * - a state older than the one applied is old news;
 * - an ended subscription is never revived (a late 'updated' after 'deleted');
 * - a live state with an earlier period end than the stored one is an earlier renewal;
 * - another subscription's end does not end the live one the user has now.
 */
export function nextBilling(
  stored: StoredBilling,
  subscription: SubscriptionSnapshot,
  asOf: Date,
): { update: StoredBilling } | { skip: Skip } {
  const same = stored.stripeSubscriptionId === subscription.id
  if (same && stored.subscriptionStatus !== null && ENDED.has(stored.subscriptionStatus)) {
    return { skip: 'ended' }
  }
  if (stored.billingSyncedAt && asOf < stored.billingSyncedAt) return { skip: 'older' }
  if (
    same &&
    isLive(subscription.status) &&
    isLive(stored.subscriptionStatus) &&
    stored.currentPeriodEnd &&
    subscription.currentPeriodEnd &&
    subscription.currentPeriodEnd < stored.currentPeriodEnd
  ) {
    return { skip: 'earlier-period' }
  }
  if (
    !same &&
    stored.stripeSubscriptionId !== null &&
    isLive(stored.subscriptionStatus) &&
    !isLive(subscription.status)
  ) {
    return { skip: 'other-subscription-ended' }
  }
  const paid = isLive(subscription.status) && subscription.plan !== null
  return {
    update: {
      plan: paid ? subscription.plan! : 'FREE',
      // FREE counts by the calendar month and its limit dialog says 'the end of the month'.
      currentPeriodEnd: paid ? subscription.currentPeriodEnd : null,
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      billingSyncedAt: asOf,
    },
  }
}
