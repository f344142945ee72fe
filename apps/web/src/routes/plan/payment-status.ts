import { UI_TEXT, endpoint } from '@storyreel/core'
import { z } from 'zod'
import { callApi } from '../../lib/api'

/**
 * GET /stripe/checkout-session/:sessionId (SPEC section 7): how the checkout the user comes back
 * from went. Declared here until billing lands: the server does not serve it yet, so the call
 * fails and the dialog says so. Billing moves it to core and wires the server to it.
 */
const checkoutSession = endpoint({
  method: 'GET',
  path: '/stripe/checkout-session/:sessionId',
  params: z.object({ sessionId: z.string().min(1) }),
  answer: z.object({ paymentStatus: z.string() }),
})

/** The payment status of a checkout session. */
export async function fetchPaymentStatus(sessionId: string): Promise<string> {
  const { paymentStatus } = await callApi(checkoutSession, { params: { sessionId } })
  return paymentStatus
}

/** The payment modal's text for a status (SPEC section 8, presentation). */
export function paymentStatusText(status: string): string {
  if (status === 'SUCCEEDED') return UI_TEXT.paymentSucceeded
  if (status === 'PENDING') return UI_TEXT.paymentPending
  return UI_TEXT.paymentFailed
}
