import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'

/**
 * The user's billing customer as stored now: a GET's session copy may be a few seconds old, and
 * the customer arrives with the checkout the user just came back from.
 */
export async function billingCustomerId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
  return row?.id ?? null
}
