import { z } from 'zod'

export const PlanTypeSchema = z.enum(['FREE', 'STARTER', 'PRO'])
export type PlanType = z.infer<typeof PlanTypeSchema>

/** FREE < STARTER < PRO (SPEC section 5, page guards). */
export const PLAN_ORDER: readonly PlanType[] = ['FREE', 'STARTER', 'PRO']

export interface Plan {
  type: PlanType
  label: string
  priceUsdPerMonth: number
  monthlyVideoLimit: number
  /** The media library's size limit. */
  storageGb: number
  premiumSupport: boolean
}

export const PLANS: Record<PlanType, Plan> = {
  FREE: {
    type: 'FREE',
    label: 'Free',
    priceUsdPerMonth: 0,
    monthlyVideoLimit: 5,
    // The spec names no figure for FREE: half of STARTER's, enough for a few dozen videos.
    storageGb: 0.5,
    premiumSupport: false,
  },
  STARTER: {
    type: 'STARTER',
    label: 'Starter',
    priceUsdPerMonth: 49.99,
    monthlyVideoLimit: 50,
    storageGb: 1,
    premiumSupport: true,
  },
  PRO: {
    type: 'PRO',
    label: 'Pro',
    priceUsdPerMonth: 99.99,
    monthlyVideoLimit: 100,
    storageGb: 5,
    premiumSupport: true,
  },
}

export function planAtLeast(have: PlanType | null | undefined, need: PlanType): boolean {
  return PLAN_ORDER.indexOf(have ?? 'FREE') >= PLAN_ORDER.indexOf(need)
}

/** Bytes of uploads the plan may keep. */
export function storageQuotaBytes(plan: PlanType): number {
  return Math.round(PLANS[plan].storageGb * 1024 ** 3)
}

export function isVideoLimitReached(rendersThisPeriod: number, plan: PlanType): boolean {
  return rendersThisPeriod >= PLANS[plan].monthlyVideoLimit
}

/** The plans sold through checkout (SPEC section 2, /plan and `?plan=`). */
export const PaidPlanSchema = z.enum([PlanTypeSchema.enum.STARTER, PlanTypeSchema.enum.PRO])
export type PaidPlan = z.infer<typeof PaidPlanSchema>

/**
 * The span a plan's monthly video limit counts over. 'subscription': the month that ends at the
 * paid subscription's period end; 'month': the calendar month (UTC), for FREE, for a paid plan
 * with no known period end (set by the operator), and once a period end has passed without a new
 * one arriving (a late renewal), so the count never stops at a date that is gone.
 */
export interface LimitPeriod {
  start: Date
  end: Date
  kind: 'subscription' | 'month'
}

/**
 * The same instant one month earlier. A day the earlier month lacks becomes its last day, as
 * Stripe bills an anchor of the 31st on the 28th/29th/30th of shorter months.
 */
export function monthBefore(date: Date): Date {
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() - 1
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const result = new Date(date)
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay))
  return result
}

export function limitPeriod(now: Date, plan: PlanType, currentPeriodEnd: Date | null): LimitPeriod {
  if (plan !== 'FREE' && currentPeriodEnd && currentPeriodEnd > now) {
    // A period longer than a month (a trial, a yearly price) counts in monthly slices of it.
    let end = currentPeriodEnd
    let start = monthBefore(end)
    while (start > now) {
      end = start
      start = monthBefore(start)
    }
    return { start, end, kind: 'subscription' }
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end, kind: 'month' }
}
