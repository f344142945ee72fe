import type { FastifyInstance } from 'fastify'
import { billingApi } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { perUserLimit } from '../../http/per-user-limit'
import { route } from '../../http/route'
import { billingCustomerId } from '../../services/billing-account'
import { syncCheckoutSubscription } from '../../services/billing-sync'
import { appOrigin } from './app-origin'

/** Each call opens a session at Stripe: enough for a user changing their mind a few times. */
const CHECKOUTS_PER_MINUTE = 10

/**
 * Payments (SPEC section 7, /stripe): checkout for a paid plan, its outcome when the user comes
 * back, and the billing portal. Stripe's webhook has its own scope (webhook.ts).
 */
export async function stripeRoutes(app: FastifyInstance) {
  const { billing, db, env } = app.services

  route(app, billingApi.config, async () => ({ configured: billing.configured }))

  route(
    app,
    billingApi.createCheckoutSession,
    async (req) => {
      const { user } = req
      const origin = appOrigin(req, env.PUBLIC_URL)
      // Paid plan holders change or cancel their plan in the portal (SPEC section 6).
      if (user.plan !== 'FREE' && user.stripeCustomerId) {
        return { url: await billing.portalUrl(user.stripeCustomerId, `${origin}/plan`) }
      }
      const url = await billing.createCheckout({
        plan: req.body.selectedPlan,
        userId: user.id,
        email: user.email,
        customerId: user.stripeCustomerId,
        // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
        successUrl: `${origin}/plan?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/plan`,
      })
      return { url }
    },
    { config: perUserLimit(CHECKOUTS_PER_MINUTE) },
  )

  route(app, billingApi.checkoutSession, async (req) => {
    const { user } = req
    const session = await billing.checkoutSession(req.params.sessionId)
    if (!session || session.userId !== user.id) throw new AppError('msg_checkout_session_not_found')
    if (session.paymentStatus === 'SUCCEEDED' && session.subscriptionId) {
      // The new plan shows at once, even when Stripe's webhook is late.
      const subscription = await billing.subscription(session.subscriptionId)
      if (subscription) {
        const outcome = await syncCheckoutSubscription(db, user.id, subscription, session.created)
        req.log.info({ subscription: subscription.id, outcome }, 'stripe checkout return')
      }
    }
    return { paymentStatus: session.paymentStatus }
  })

  route(app, billingApi.billingPortal, async (req) => {
    const { user } = req
    if (!billing.configured) throw new AppError('msg_billing_not_configured')
    const customerId = await billingCustomerId(db, user.id)
    if (!customerId) throw new AppError('msg_no_billing_account')
    return { url: await billing.portalUrl(customerId, `${appOrigin(req, env.PUBLIC_URL)}/plan`) }
  })
}
