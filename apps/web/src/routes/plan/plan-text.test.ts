import { PLANS } from '@storyreel/core'
import { expect, test } from 'vitest'
import { planButtonLabel, planFeatures, priceText, readPlanParam, storageText } from './plan-text'

test('?plan= names a paid plan, or sends back to /plan', () => {
  expect(readPlanParam(null)).toBeNull()
  expect(readPlanParam('STARTER')).toBe('STARTER')
  expect(readPlanParam('PRO')).toBe('PRO')
  expect(readPlanParam('FREE')).toBe('invalid')
  expect(readPlanParam('pro')).toBe('invalid')
  expect(readPlanParam('')).toBe('invalid')
})

test('prices and storage as people read them', () => {
  expect(priceText(PLANS.FREE)).toBe('$0')
  expect(priceText(PLANS.STARTER)).toBe('$49.99')
  expect(priceText(PLANS.PRO)).toBe('$99.99')
  expect(storageText(0.5)).toBe('512 MB')
  expect(storageText(1)).toBe('1 GB')
  expect(storageText(5)).toBe('5 GB')
})

test('the plans of SPEC section 9', () => {
  expect(planFeatures('FREE')).toEqual([
    '5 videos per month',
    '512 MB media storage',
    'Standard support',
  ])
  expect(planFeatures('STARTER')).toEqual([
    '50 videos per month',
    '1 GB media storage',
    'Premium support',
  ])
  expect(planFeatures('PRO')).toEqual([
    '100 videos per month',
    '5 GB media storage',
    'Premium support',
  ])
})

test("each card's button: checkout for FREE, the portal for a paying user", () => {
  expect(planButtonLabel('STARTER', 'FREE', false)).toBe('Choose Starter')
  expect(planButtonLabel('PRO', 'FREE', false)).toBe('Choose Pro')
  // FREE again after a cancelled subscription: a new checkout.
  expect(planButtonLabel('PRO', 'FREE', true)).toBe('Choose Pro')
  expect(planButtonLabel('PRO', 'PRO', true)).toBe('Manage subscription')
  expect(planButtonLabel('STARTER', 'PRO', true)).toBe('Switch to Starter')
  expect(planButtonLabel('PRO', 'STARTER', true)).toBe('Switch to Pro')
  // A plan the operator gave: nothing to manage, the other plan bought as usual.
  expect(planButtonLabel('PRO', 'PRO', false)).toBe('Your current plan')
  expect(planButtonLabel('STARTER', 'PRO', false)).toBe('Choose Starter')
})
