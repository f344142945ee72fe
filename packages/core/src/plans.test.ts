import { describe, expect, it } from 'vitest'
import {
  PLANS,
  PLAN_ORDER,
  PlanTypeSchema,
  isVideoLimitReached,
  limitPeriod,
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

describe('limitPeriod', () => {
  it('is the calendar month in UTC without a period end (FREE)', () => {
    expect(limitPeriod(new Date('2025-03-15T12:00:00Z'), null)).toEqual({
      start: new Date('2025-03-01T00:00:00Z'),
      end: new Date('2025-04-01T00:00:00Z'),
    })
  })

  it('rolls December over into January of the next year', () => {
    expect(limitPeriod(new Date('2025-12-31T23:59:59Z'), null)).toEqual({
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
    })
  })

  it('counts the first instant of a month in that month', () => {
    expect(limitPeriod(new Date('2025-07-01T00:00:00Z'), null).start).toEqual(
      new Date('2025-07-01T00:00:00Z'),
    )
  })

  it('is the month before a future subscription period end (paid plans)', () => {
    const end = new Date('2025-04-10T08:30:00Z')
    expect(limitPeriod(new Date('2025-03-20T12:00:00Z'), end)).toEqual({
      start: new Date('2025-03-10T08:30:00Z'),
      end: new Date('2025-04-10T08:30:00Z'),
    })
  })

  it('falls back to the calendar month when the period end has passed', () => {
    expect(limitPeriod(new Date('2025-05-20T12:00:00Z'), new Date('2025-05-10T00:00:00Z'))).toEqual(
      {
        start: new Date('2025-05-01T00:00:00Z'),
        end: new Date('2025-06-01T00:00:00Z'),
      },
    )
  })

  it('does not change the period end it was given', () => {
    const end = new Date('2025-04-10T08:30:00Z')
    limitPeriod(new Date('2025-03-20T12:00:00Z'), end)
    expect(end.toISOString()).toBe('2025-04-10T08:30:00.000Z')
  })
})
