import type { FastifyInstance } from 'fastify'
import { STRIPE_WEBHOOK_PATH } from '@storyreel/core'
import { applyBillingEvent } from '../../services/billing-sync'

/** Stripe's events are a few kilobytes; a subscription with many items stays far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024

/**
 * POST /stripe/webhook, registered beside the API scope rather than in it: Stripe sends no
 * session cookie or CSRF token (its signature is its proof), and signs the exact bytes it sent,
 * so this scope alone keeps request bodies raw.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.post(STRIPE_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const signature = req.headers['stripe-signature']
    const event = await app.services.billing.readEvent(
      body,
      typeof signature === 'string' ? signature : undefined,
    )
    // What the event did shows in Stripe's dashboard beside the delivery.
    const outcome = await applyBillingEvent(app.services.db, event, req.log)
    return { data: { received: true, outcome }, message: null }
  })
}
