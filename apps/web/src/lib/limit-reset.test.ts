import { UI_TEXT } from '@storyreel/core'
import { expect, test } from 'vitest'
import { limitReset } from './limit-reset'

const NOW = new Date('2025-03-20T12:00:00Z')
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })

test('a paid plan resets at its subscription period end', () => {
  const subscription = {
    type: 'PRO' as const,
    stripeCustomerId: 'cus_1',
    currentPeriodEnd: '2025-04-10T08:00:00.000Z',
  }
  expect(limitReset(subscription, NOW)).toEqual({
    span: 'billing period',
    date: dateOf('2025-04-10T08:00:00Z'),
  })
})

test("FREE, a plan without a period, and a passed period end reset at 'the end of the month'", () => {
  const month = { span: 'month', date: UI_TEXT.endOfMonth }
  expect(limitReset(undefined, NOW)).toEqual(month)
  expect(
    limitReset(
      { type: 'FREE', stripeCustomerId: 'cus_1', currentPeriodEnd: '2025-04-10T08:00:00Z' },
      NOW,
    ),
  ).toEqual(month)
  expect(limitReset({ type: 'PRO', stripeCustomerId: null, currentPeriodEnd: null }, NOW)).toEqual(
    month,
  )
  expect(
    limitReset(
      { type: 'STARTER', stripeCustomerId: 'cus_1', currentPeriodEnd: '2025-03-10T00:00:00Z' },
      NOW,
    ),
  ).toEqual(month)
  expect(
    limitReset({ type: 'PRO', stripeCustomerId: 'cus_1', currentPeriodEnd: 'not a date' }, NOW),
  ).toEqual(month)
})
