import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { BillingEvent, SubscriptionSnapshot } from '../adapters/billing/billing'
import type { Db } from '../db/client'
import { stripeEvents, users } from '../db/schema'
import { nextBilling, type Skip } from './subscription-state'
import { lockUser } from './user-lock'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What an event or a sync did, for the log and the tests. */
export type SyncOutcome = 'applied' | 'duplicate' | 'ignored' | 'no-user' | 'linked' | Skip

const isUuid = (value: string | null): value is string =>
  value !== null && z.uuid().safeParse(value).success

async function userIdBy(tx: Tx, customerId: string | null, userId: string | null) {
  if (customerId) {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customerId))
    if (row) return row.id
  }
  if (isUuid(userId)) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (row) return row.id
  }
  return null
}

/** Applies a subscription's state to the user, under their lock, if it is news (nextBilling). */
async function applySubscription(
  tx: Tx,
  userId: string,
  subscription: SubscriptionSnapshot,
  asOf: Date,
): Promise<SyncOutcome> {
  await lockUser(tx, userId)
  const [stored] = await tx.select().from(users).where(eq(users.id, userId))
  if (!stored) return 'no-user'
  const next = nextBilling(stored, subscription, asOf)
  if ('skip' in next) return next.skip
  await tx.update(users).set(next.update).where(eq(users.id, userId))
  return 'applied'
}

/** The user an event is about: checkout names them; a subscription by its customer. */
async function eventUser(tx: Tx, event: BillingEvent & { kind: 'checkout' | 'subscription' }) {
  if (event.kind === 'checkout') {
    return (await userIdBy(tx, null, event.userId)) ?? userIdBy(tx, event.customerId, null)
  }
  return userIdBy(tx, event.subscription.customerId, event.subscription.userId)
}

/**
 * Applies one webhook event, once: its id is recorded in the same transaction as its effect, so
 * a redelivery (or two at the same time) changes nothing, and a failure records nothing and lets
 * Stripe deliver it again.
 */
export async function applyBillingEvent(
  db: Db,
  event: BillingEvent,
  log: FastifyBaseLogger,
): Promise<SyncOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SyncOutcome> => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (recorded.length === 0) return 'duplicate'
    if (event.kind === 'ignored') return 'ignored'
    const userId = await eventUser(tx, event)
    if (!userId) return 'no-user'
    if (event.kind === 'subscription') {
      return applySubscription(tx, userId, event.subscription, event.created)
    }
    if (event.subscription) return applySubscription(tx, userId, event.subscription, event.created)
    // A checkout whose subscription could not be read: keep the customer for the portal.
    if (!event.customerId) return 'ignored'
    await lockUser(tx, userId)
    const [stored] = await tx.select().from(users).where(eq(users.id, userId))
    if (stored?.stripeCustomerId) return 'ignored'
    await tx.update(users).set({ stripeCustomerId: event.customerId }).where(eq(users.id, userId))
    return 'linked'
  })
  log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook')
  return outcome
}

/**
 * Applies a subscription read back when the user returns from checkout, so the new plan shows
 * at once even when the webhook is late. It counts as of the checkout's start: any event since
 * then is newer news and wins.
 */
export async function syncCheckoutSubscription(
  db: Db,
  userId: string,
  subscription: SubscriptionSnapshot,
  checkoutCreated: Date,
): Promise<SyncOutcome> {
  return db.transaction((tx) => applySubscription(tx, userId, subscription, checkoutCreated))
}
