import { AppError } from '../../http/app-error'
import type { Billing } from './billing'

const refuse = (): Promise<never> => Promise.reject(new AppError('msg_billing_not_configured'))

/** The default without STRIPE_SECRET_KEY: a self-hosted server sets plans with `npm run plan`. */
export const unconfiguredBilling: Billing = {
  configured: false,
  createCheckout: refuse,
  checkoutSession: refuse,
  portalUrl: refuse,
  subscription: refuse,
  readEvent: refuse,
}
