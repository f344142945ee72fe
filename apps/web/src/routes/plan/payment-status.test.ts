import { UI_TEXT } from '@storyreel/core'
import { expect, test } from 'vitest'
import { paymentStatusText } from './payment-status'

test('the three texts of the payment modal', () => {
  expect(paymentStatusText('SUCCEEDED')).toBe(UI_TEXT.paymentSucceeded)
  expect(paymentStatusText('PENDING')).toBe(UI_TEXT.paymentPending)
  expect(paymentStatusText('INCOMPLETE')).toBe(UI_TEXT.paymentFailed)
  expect(paymentStatusText('EXPIRED')).toBe(UI_TEXT.paymentFailed)
  expect(paymentStatusText('')).toBe(UI_TEXT.paymentFailed)
})
