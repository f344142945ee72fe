import { UI_TEXT, billingApi, type MessageCode, type PaidPlan } from '@storyreel/core'
import { useQuery } from '@tanstack/react-query'
import { ApiError, NO_RESPONSE_STATUS, callApi } from './api'

/** Answers whose own text says more than the screen's fallback. */
const TOLD: readonly MessageCode[] = [
  'msg_billing_not_configured',
  'msg_no_billing_account',
  'msg_too_many_requests',
]

/**
 * The text for a failed payment call: the server's when it names the reason (not configured,
 * no billing account yet), else the spec's text for that screen (SPEC section 8).
 */
export function billingErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && TOLD.some((code) => code === error.code)) return error.message
  return fallback
}

/** Whether the server takes payments; asked once per visit. */
export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing-config'],
    queryFn: () => callApi(billingApi.config),
    staleTime: Infinity,
  })
}

/**
 * Where the plan's button leads: Stripe's Checkout for the plan, or, for a paid plan holder,
 * the billing portal (the server decides, SPEC section 6).
 */
export async function checkoutUrl(selectedPlan: PaidPlan): Promise<string> {
  return (await callApi(billingApi.createCheckoutSession, { body: { selectedPlan } })).url
}

/** Opens the user's billing portal; fails with the spec's text for it. */
export async function openBillingPortal(): Promise<void> {
  let url: string
  try {
    url = (await callApi(billingApi.billingPortal)).url
  } catch (error) {
    const answered = error instanceof ApiError && error.status !== NO_RESPONSE_STATUS
    throw new Error(
      billingErrorText(error, answered ? UI_TEXT.failedPortalUrl : UI_TEXT.errorOpeningPortal),
      { cause: error },
    )
  }
  window.location.assign(url)
}
