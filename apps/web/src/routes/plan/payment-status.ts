import { UI_TEXT, billingApi } from '@storyreel/core'
import { callApi } from '../../lib/api'

/** GET /stripe/checkout-session/:sessionId (SPEC section 7): how the checkout went. */
export async function fetchPaymentStatus(sessionId: string): Promise<string> {
  const { paymentStatus } = await callApi(billingApi.checkoutSession, { params: { sessionId } })
  return paymentStatus
}

/** The payment modal's text for a status (SPEC section 8, presentation). */
export function paymentStatusText(status: string): string {
  if (status === 'SUCCEEDED') return UI_TEXT.paymentSucceeded
  if (status === 'PENDING') return UI_TEXT.paymentPending
  return UI_TEXT.paymentFailed
}
