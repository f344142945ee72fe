import type { FastifyBaseLogger } from 'fastify'
import type { Env } from '../../env'
import type { Billing } from './billing'
import { stripeBilling } from './stripe-billing'
import { unconfiguredBilling } from './unconfigured-billing'

/** Stripe when STRIPE_SECRET_KEY is set (parseEnv then requires the rest), else none. */
export function openBilling(env: Env, log: FastifyBaseLogger): Billing {
  if (!env.STRIPE_SECRET_KEY) return unconfiguredBilling
  return stripeBilling(
    {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      prices: { STARTER: env.STRIPE_PRICE_STARTER!, PRO: env.STRIPE_PRICE_PRO! },
      apiBase: env.STRIPE_API_BASE,
    },
    log,
  )
}
