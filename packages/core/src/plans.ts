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

/**
 * The period a plan's limit counts over: the subscription period for paid plans, the calendar
 * month (UTC) for FREE or when no period end is known.
 */
export function limitPeriod(now: Date, currentPeriodEnd: Date | null): { start: Date; end: Date } {
  if (currentPeriodEnd && currentPeriodEnd > now) {
    const start = new Date(currentPeriodEnd)
    start.setUTCMonth(start.getUTCMonth() - 1)
    return { start, end: currentPeriodEnd }
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end }
}
