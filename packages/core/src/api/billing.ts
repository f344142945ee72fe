import { z } from 'zod'
import { PaidPlanSchema } from '../plans'
import { endpoint } from './endpoint'

/** POST /stripe/checkout-session/create: the paid plan the user picked on /plan. */
export const CheckoutCreateBodySchema = z.object({ selectedPlan: PaidPlanSchema })
export type CheckoutCreateBody = z.infer<typeof CheckoutCreateBodySchema>

/** A Stripe Checkout Session id, as Stripe puts it in the success URL. */
export const CheckoutSessionParamsSchema = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'must be a checkout session id'),
})

/**
 * How the checkout the user comes back from went: SUCCEEDED (paid, or nothing to pay),
 * PENDING (complete, the payment still processing), INCOMPLETE (never completed), EXPIRED.
 * The return modal has one text for each of the first two and one for the rest (SPEC section 8).
 */
export const PaymentStatusSchema = z.enum(['SUCCEEDED', 'PENDING', 'INCOMPLETE', 'EXPIRED'])
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const PaymentStatusAnswerSchema = z.object({ paymentStatus: PaymentStatusSchema })

/** Where the browser goes next: Stripe's Checkout page or its billing portal. */
export const BillingUrlAnswerSchema = z.object({ url: z.url({ protocol: /^https?$/ }) })

/** Whether this server takes payments (STRIPE_SECRET_KEY is set), so /plan can say so up front. */
export const BillingConfigAnswerSchema = z.object({ configured: z.boolean() })
export type BillingConfig = z.infer<typeof BillingConfigAnswerSchema>

/**
 * Where Stripe delivers its events, under the API prefix. Stripe calls it, not the app, so it is
 * no endpoint of billingApi: the server keeps its body raw and checks its signature instead.
 */
export const STRIPE_WEBHOOK_PATH = '/stripe/webhook'

export const billingApi = {
  config: endpoint({
    method: 'GET',
    path: '/stripe/config',
    answer: BillingConfigAnswerSchema,
    public: true,
  }),
  /**
   * Checkout for a paid plan; a user who already pays gets the billing portal's URL instead,
   * where the plan is changed or cancelled (SPEC section 6).
   */
  createCheckoutSession: endpoint({
    method: 'POST',
    path: '/stripe/checkout-session/create',
    body: CheckoutCreateBodySchema,
    answer: BillingUrlAnswerSchema,
  }),
  /** Only the user who started the checkout may read it. */
  checkoutSession: endpoint({
    method: 'GET',
    path: '/stripe/checkout-session/:sessionId',
    params: CheckoutSessionParamsSchema,
    answer: PaymentStatusAnswerSchema,
  }),
  /** The billing portal of a user who has a billing customer (once a checkout completed). */
  billingPortal: endpoint({
    method: 'GET',
    path: '/stripe/billing-portal',
    answer: BillingUrlAnswerSchema,
  }),
}
