import { eq } from 'drizzle-orm'
import { PLANS, PlanTypeSchema, type PlanType } from '@storyreel/core'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { findUserByEmail } from '../services/users'
import { isLive } from '../services/subscription-state'

export const PLAN_USAGE = `Usage: npm run plan -- set <email> <${PlanTypeSchema.options.join('|')}>`

/** A mistake in the command line or its e-mail: printed as it is, exit status 1. */
export class PlanCommandError extends Error {}

/** `set <email> <plan>`, checked before the database is opened. */
export function parsePlanArgs(argv: readonly string[]) {
  const [verb, email, plan, ...rest] = argv
  if (verb !== 'set' || !email || !plan || rest.length > 0) throw new PlanCommandError(PLAN_USAGE)
  const parsed = PlanTypeSchema.safeParse(plan.toUpperCase())
  if (!parsed.success) {
    throw new PlanCommandError(
      `Unknown plan '${plan}': use ${PlanTypeSchema.options.join(', ')}.\n${PLAN_USAGE}`,
    )
  }
  return { email: email.trim().toLowerCase(), plan: parsed.data }
}

/**
 * Sets a user's plan by hand, for a server without payments (self-hosted). Its monthly limit
 * then counts by the calendar month, as no subscription period applies. Returns what it did, in
 * words for the operator.
 */
export async function setPlan(db: Db, email: string, plan: PlanType) {
  const user = await findUserByEmail(db, email)
  if (!user) throw new PlanCommandError(`No user has the e-mail ${email}.`)
  await db.update(users).set({ plan, currentPeriodEnd: null }).where(eq(users.id, user.id))
  const lines = [
    `${email}: ${user.plan} -> ${plan} (${PLANS[plan].monthlyVideoLimit} videos a month, counted by the calendar month).`,
  ]
  if (user.stripeSubscriptionId && isLive(user.subscriptionStatus)) {
    lines.push(
      `Note: this user pays through Stripe (${user.stripeSubscriptionId}, ${user.subscriptionStatus}); Stripe's next event about it sets the plan again.`,
    )
  }
  return lines.join('\n')
}
