import { describe, expect, it } from 'vitest'
import {
  PLANS,
  PLAN_ORDER,
  PlanTypeSchema,
  PaidPlanSchema,
  isVideoLimitReached,
  limitPeriod,
  monthBefore,
  planAtLeast,
} from './plans'

describe('plan order', () => {
  it('is FREE < STARTER < PRO', () => {
    expect(PLAN_ORDER).toEqual(['FREE', 'STARTER', 'PRO'])
    expect(PlanTypeSchema.options).toEqual(['FREE', 'STARTER', 'PRO'])
  })

  it('planAtLeast follows the order', () => {
    expect(planAtLeast('PRO', 'PRO')).toBe(true)
    expect(planAtLeast('PRO', 'STARTER')).toBe(true)
    expect(planAtLeast('PRO', 'FREE')).toBe(true)
    expect(planAtLeast('STARTER', 'PRO')).toBe(false)
    expect(planAtLeast('STARTER', 'STARTER')).toBe(true)
    expect(planAtLeast('STARTER', 'FREE')).toBe(true)
    expect(planAtLeast('FREE', 'PRO')).toBe(false)
    expect(planAtLeast('FREE', 'STARTER')).toBe(false)
    expect(planAtLeast('FREE', 'FREE')).toBe(true)
  })

  it('treats a missing plan as FREE', () => {
    expect(planAtLeast(null, 'FREE')).toBe(true)
    expect(planAtLeast(undefined, 'FREE')).toBe(true)
    expect(planAtLeast(null, 'STARTER')).toBe(false)
    expect(planAtLeast(undefined, 'PRO')).toBe(false)
  })
})

describe('PLANS', () => {
  it('has the monthly video limits FREE 5, STARTER 50, PRO 100', () => {
    expect(PLANS.FREE.monthlyVideoLimit).toBe(5)
    expect(PLANS.STARTER.monthlyVideoLimit).toBe(50)
    expect(PLANS.PRO.monthlyVideoLimit).toBe(100)
  })

  it('labels the plan cards Starter and Pro', () => {
    expect(PLANS.STARTER.label).toBe('Starter')
    expect(PLANS.PRO.label).toBe('Pro')
  })

  it('keys each plan by its own type', () => {
    for (const type of PLAN_ORDER) expect(PLANS[type].type).toBe(type)
  })
})

describe('isVideoLimitReached', () => {
  it('is reached at the limit, not before', () => {
    expect(isVideoLimitReached(0, 'FREE')).toBe(false)
    expect(isVideoLimitReached(4, 'FREE')).toBe(false)
    expect(isVideoLimitReached(5, 'FREE')).toBe(true)
    expect(isVideoLimitReached(6, 'FREE')).toBe(true)
    expect(isVideoLimitReached(49, 'STARTER')).toBe(false)
    expect(isVideoLimitReached(50, 'STARTER')).toBe(true)
    expect(isVideoLimitReached(99, 'PRO')).toBe(false)
    expect(isVideoLimitReached(100, 'PRO')).toBe(true)
  })
})

describe('monthBefore', () => {
  it('keeps the day and time of day', () => {
    expect(monthBefore(new Date('2025-04-10T08:30:00Z'))).toEqual(new Date('2025-03-10T08:30:00Z'))
  })

  it('goes back over the new year', () => {
    expect(monthBefore(new Date('2026-01-15T00:00:00Z'))).toEqual(new Date('2025-12-15T00:00:00Z'))
  })

  it("takes the earlier month's last day when it has no such day, as Stripe bills", () => {
    expect(monthBefore(new Date('2025-03-31T10:00:00Z'))).toEqual(new Date('2025-02-28T10:00:00Z'))
    expect(monthBefore(new Date('2024-03-30T10:00:00Z'))).toEqual(new Date('2024-02-29T10:00:00Z'))
    expect(monthBefore(new Date('2025-05-31T10:00:00Z'))).toEqual(new Date('2025-04-30T10:00:00Z'))
  })

  it('does not change the date it was given', () => {
    const date = new Date('2025-03-31T10:00:00Z')
    monthBefore(date)
    expect(date.toISOString()).toBe('2025-03-31T10:00:00.000Z')
  })
})

describe('limitPeriod', () => {
  const month = (start: string, end: string) => ({
    start: new Date(start),
    end: new Date(end),
    kind: 'month',
  })

  it('is the calendar month in UTC for FREE', () => {
    expect(limitPeriod(new Date('2025-03-15T12:00:00Z'), 'FREE', null)).toEqual(
      month('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'),
    )
  })

  it('is the calendar month for FREE even with a period end left from a subscription', () => {
    const end = new Date('2025-03-25T00:00:00Z')
    expect(limitPeriod(new Date('2025-03-15T12:00:00Z'), 'FREE', end)).toEqual(
      month('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'),
    )
  })

  it('rolls December over into January of the next year', () => {
    expect(limitPeriod(new Date('2025-12-31T23:59:59Z'), 'FREE', null)).toEqual(
      month('2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    )
  })

  it('counts the first instant of a month in that month', () => {
    expect(limitPeriod(new Date('2025-07-01T00:00:00Z'), 'FREE', null).start).toEqual(
      new Date('2025-07-01T00:00:00Z'),
    )
  })

  it('is the month before the subscription period end for paid plans', () => {
    const end = new Date('2025-04-10T08:30:00Z')
    for (const plan of ['STARTER', 'PRO'] as const) {
      expect(limitPeriod(new Date('2025-03-20T12:00:00Z'), plan, end)).toEqual({
        start: new Date('2025-03-10T08:30:00Z'),
        end,
        kind: 'subscription',
      })
    }
  })

  it('starts a period ending on the 31st of March on the last day of February', () => {
    const end = new Date('2025-03-31T10:00:00Z')
    expect(limitPeriod(new Date('2025-03-01T00:00:00Z'), 'PRO', end)).toEqual({
      start: new Date('2025-02-28T10:00:00Z'),
      end,
      kind: 'subscription',
    })
  })

  it('counts a period longer than a month in monthly slices ending at the period end', () => {
    const end = new Date('2025-06-10T00:00:00Z')
    expect(limitPeriod(new Date('2025-03-20T12:00:00Z'), 'STARTER', end)).toEqual({
      start: new Date('2025-03-10T00:00:00Z'),
      end: new Date('2025-04-10T00:00:00Z'),
      kind: 'subscription',
    })
  })

  it('is the calendar month for a paid plan without a period end (set by the operator)', () => {
    expect(limitPeriod(new Date('2025-03-15T12:00:00Z'), 'PRO', null)).toEqual(
      month('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'),
    )
  })

  it('falls back to the calendar month once the period end has passed', () => {
    const end = new Date('2025-05-10T00:00:00Z')
    expect(limitPeriod(new Date('2025-05-20T12:00:00Z'), 'PRO', end)).toEqual(
      month('2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z'),
    )
    // The period end itself already belongs to the next period.
    expect(limitPeriod(end, 'PRO', end).kind).toBe('month')
  })

  it('does not change the period end it was given', () => {
    const end = new Date('2025-04-10T08:30:00Z')
    limitPeriod(new Date('2025-03-20T12:00:00Z'), 'PRO', end)
    expect(end.toISOString()).toBe('2025-04-10T08:30:00.000Z')
  })
})

describe('PaidPlanSchema', () => {
  it('takes STARTER and PRO only', () => {
    expect(PaidPlanSchema.options).toEqual(['STARTER', 'PRO'])
    expect(PaidPlanSchema.safeParse('FREE').success).toBe(false)
    expect(PaidPlanSchema.safeParse('pro').success).toBe(false)
  })
})
