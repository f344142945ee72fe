import { PLANS, PaidPlanSchema } from '@storyreel/core'
import type { PaidPlan, Plan, PlanType } from '@storyreel/core'

/** The plans a person can pick on /plan, as `?plan=` names them (SPEC section 2). */
export const PAID_PLANS = PaidPlanSchema.options

/**
 * `?plan=`: absent (null), one of the paid plans, or anything else ('invalid', which sends the
 * visitor back to /plan).
 */
export function readPlanParam(value: string | null): PaidPlan | null | 'invalid' {
  if (value === null) return null
  return PAID_PLANS.find((plan) => plan === value) ?? 'invalid'
}

/** '$49.99', and '$0' for the free plan. */
export function priceText(plan: Plan): string {
  const price = plan.priceUsdPerMonth
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`
}

/** Binary units, as the storage quota counts: '512 MB' under a gigabyte, '1 GB', '5 GB'. */
export function storageText(gb: number): string {
  return gb < 1 ? `${Math.round(gb * 1024)} MB` : `${gb} GB`
}

/** What each plan gives, in the order the cards list it. */
export function planFeatures(type: PlanType): string[] {
  const plan = PLANS[type]
  return [
    `${plan.monthlyVideoLimit} videos per month`,
    `${storageText(plan.storageGb)} media storage`,
    plan.premiumSupport ? 'Premium support' : 'Standard support',
  ]
}

/**
 * A card's button: a paid plan holder manages their plan, or switches, in the billing portal; a
 * plan given by the server's operator (no billing customer) has nothing to manage.
 */
export function planButtonLabel(type: PaidPlan, current: PlanType, hasCustomer: boolean): string {
  const label = PLANS[type].label
  if (type === current) return hasCustomer ? 'Manage subscription' : 'Your current plan'
  if (current !== 'FREE' && hasCustomer) return `Switch to ${label}`
  return `Choose ${label}`
}
