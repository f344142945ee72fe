import { describe, expect, it } from 'vitest'
import type { SubscriptionSnapshot } from '../adapters/billing/billing'
import { nextBilling, type StoredBilling } from './subscription-state'

const at = (iso: string) => new Date(iso)

const FRESH: StoredBilling = {
  plan: 'FREE',
  stripeCustomerId: null,
  currentPeriodEnd: null,
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  billingSyncedAt: null,
}

const sub = (patch: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  plan: 'PRO',
  currentPeriodEnd: at('2025-04-10T00:00:00Z'),
  userId: null,
  ...patch,
})

/** The stored billing after applying `snapshot` to `stored` as of `asOf`. */
function apply(stored: StoredBilling, snapshot: SubscriptionSnapshot, asOf: string) {
  const next = nextBilling(stored, snapshot, at(asOf))
  if ('skip' in next) throw new Error(`skipped: ${next.skip}`)
  return next.update
}

describe('nextBilling', () => {
  it('gives a live subscription its plan, period end and customer', () => {
    expect(apply(FRESH, sub(), '2025-03-10T00:00:00Z')).toEqual({
      plan: 'PRO',
      stripeCustomerId: 'cus_1',
      currentPeriodEnd: at('2025-04-10T00:00:00Z'),
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      billingSyncedAt: at('2025-03-10T00:00:00Z'),
    })
  })

  it('keeps the plan while trialing or while a failed renewal is retried', () => {
    for (const status of ['trialing', 'past_due']) {
      expect(apply(FRESH, sub({ status }), '2025-03-10T00:00:00Z').plan).toBe('PRO')
    }
  })

  it('gives FREE and no period end to every other status, the customer kept', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(apply(FRESH, sub({ status }), '2025-03-10T00:00:00Z')).toMatchObject({
        plan: 'FREE',
        currentPeriodEnd: null,
        stripeCustomerId: 'cus_1',
        subscriptionStatus: status,
      })
    }
  })

  it('gives FREE for a live subscription to a price this server does not sell', () => {
    expect(apply(FRESH, sub({ plan: null }), '2025-03-10T00:00:00Z').plan).toBe('FREE')
  })

  it('skips a state older than the one applied, and applies one of the same second', () => {
    const stored = apply(FRESH, sub({ plan: 'STARTER' }), '2025-03-10T00:00:10Z')
    expect(nextBilling(stored, sub(), at('2025-03-10T00:00:09Z'))).toEqual({ skip: 'older' })
    expect(apply(stored, sub(), '2025-03-10T00:00:10Z').plan).toBe('PRO')
  })

  it('never revives an ended subscription, even with a later time stamp', () => {
    for (const status of ['canceled', 'incomplete_expired']) {
      const ended = apply(FRESH, sub({ status }), '2025-03-10T00:00:00Z')
      expect(nextBilling(ended, sub(), at('2025-03-11T00:00:00Z'))).toEqual({ skip: 'ended' })
    }
  })

  it('lets an incomplete subscription become active once its payment clears', () => {
    const incomplete = apply(FRESH, sub({ status: 'incomplete' }), '2025-03-10T00:00:00Z')
    expect(apply(incomplete, sub(), '2025-03-10T00:00:05Z').plan).toBe('PRO')
  })

  it('skips a live state of the same subscription with an earlier period end', () => {
    const renewed = apply(
      FRESH,
      sub({ currentPeriodEnd: at('2025-05-10T00:00:00Z') }),
      '2025-04-10T00:00:00Z',
    )
    expect(nextBilling(renewed, sub(), at('2025-04-10T00:00:01Z'))).toEqual({
      skip: 'earlier-period',
    })
    // An ending state is never an earlier renewal.
    expect(apply(renewed, sub({ status: 'canceled' }), '2025-04-10T00:00:01Z').plan).toBe('FREE')
  })

  it("does not let another subscription's end take the plan of the live one", () => {
    const current = apply(FRESH, sub({ id: 'sub_2' }), '2025-03-10T00:00:00Z')
    expect(nextBilling(current, sub({ status: 'canceled' }), at('2025-03-11T00:00:00Z'))).toEqual({
      skip: 'other-subscription-ended',
    })
  })

  it('lets a new subscription replace one that ended', () => {
    const ended = apply(FRESH, sub({ status: 'canceled' }), '2025-03-10T00:00:00Z')
    expect(
      apply(ended, sub({ id: 'sub_2', plan: 'STARTER' }), '2025-03-12T00:00:00Z'),
    ).toMatchObject({ plan: 'STARTER', stripeSubscriptionId: 'sub_2' })
  })

  it('takes over from a plan set by the operator', () => {
    const byHand: StoredBilling = { ...FRESH, plan: 'PRO' }
    expect(apply(byHand, sub({ plan: 'STARTER' }), '2025-03-10T00:00:00Z').plan).toBe('STARTER')
  })
})
