import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  idOf,
  invoiceSubscriptionId,
  paymentStatus,
  subscriptionSnapshot,
  type PriceIds,
} from './stripe-mapping'

const PRICES: PriceIds = { STARTER: 'price_starter', PRO: 'price_pro' }

/** A subscription as Stripe's API (2025-03-31 and later) sends it: periods on the items. */
function subscription(prices: string[], ends: number[], extra: Partial<Stripe.Subscription> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    metadata: { userId: 'user-1' },
    items: {
      object: 'list',
      data: prices.map((id, i) => ({
        id: `si_${i}`,
        object: 'subscription_item',
        price: { id, object: 'price' },
        current_period_end: ends[i],
      })),
    },
    ...extra,
  } as unknown as Stripe.Subscription
}

describe('paymentStatus', () => {
  it("maps a session's status and payment status to the return modal's", () => {
    const cases: [string, string, string][] = [
      ['complete', 'paid', 'SUCCEEDED'],
      ['complete', 'no_payment_required', 'SUCCEEDED'],
      ['complete', 'unpaid', 'PENDING'],
      ['open', 'unpaid', 'INCOMPLETE'],
      ['expired', 'unpaid', 'EXPIRED'],
    ]
    for (const [status, payment_status, expected] of cases) {
      expect(paymentStatus({ status, payment_status } as Stripe.Checkout.Session)).toBe(expected)
    }
  })
})

describe('subscriptionSnapshot', () => {
  it('reads the plan from the price, the period end from the items, the user from metadata', () => {
    expect(subscriptionSnapshot(subscription(['price_pro'], [1_744_243_200]), PRICES)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      plan: 'PRO',
      currentPeriodEnd: new Date('2025-04-10T00:00:00Z'),
      userId: 'user-1',
    })
  })

  it('takes the highest plan among several items, and null for prices not sold here', () => {
    const both = subscription(['price_starter', 'price_pro', 'price_other'], [1, 2, 3])
    expect(subscriptionSnapshot(both, PRICES).plan).toBe('PRO')
    expect(subscriptionSnapshot(subscription(['price_other'], [1]), PRICES).plan).toBeNull()
  })

  it('reads an expanded customer, and no period end without items', () => {
    const expanded = subscription([], [], {
      customer: { id: 'cus_9', object: 'customer' } as Stripe.Customer,
    })
    expect(subscriptionSnapshot(expanded, PRICES)).toMatchObject({
      customerId: 'cus_9',
      currentPeriodEnd: null,
    })
  })
})

describe('ids', () => {
  it('reads an expandable field as an id or an object', () => {
    expect(idOf('cus_1')).toBe('cus_1')
    expect(idOf({ id: 'cus_2' })).toBe('cus_2')
    expect(idOf(null)).toBeNull()
    expect(idOf(undefined)).toBeNull()
  })

  it("finds an invoice's subscription under parent.subscription_details", () => {
    const invoice = (parent: unknown) => ({ parent }) as unknown as Stripe.Invoice
    expect(
      invoiceSubscriptionId(
        invoice({ type: 'subscription_details', subscription_details: { subscription: 'sub_7' } }),
      ),
    ).toBe('sub_7')
    expect(invoiceSubscriptionId(invoice(null))).toBeNull()
  })
})
