import { and, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import {
  COUNTED_CANCEL_REASONS,
  isVideoLimitReached,
  limitPeriod,
  type UserData,
} from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks, users } from '../db/schema'

type User = typeof users.$inferSelect

/**
 * Renders requested in the user's current period: the month ending at a paid subscription's
 * period end, else the calendar month (core's limitPeriod). A render counts unless the fault was
 * ours: deleted videos count, and so do renders cancelled for the user's own doing (stopped at
 * the time limit, their media removed); those that failed on our side do not.
 */
export async function rendersThisPeriod(db: Db, user: User, now = new Date()): Promise<number> {
  const { start, end } = limitPeriod(now, user.plan, user.currentPeriodEnd)
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, user.id),
        gte(tasks.createdAt, start),
        lt(tasks.createdAt, end),
        or(ne(tasks.state, 'CANCELLED'), inArray(tasks.cancelReason, COUNTED_CANCEL_REASONS)),
      ),
    )
  return row?.n ?? 0
}

export async function limitReached(db: Db, user: User): Promise<boolean> {
  return isVideoLimitReached(await rendersThisPeriod(db, user), user.plan)
}

/**
 * The user's data for the app, read afresh: the session's copy may be a few seconds old, and a
 * plan changed by billing must show as soon as the app asks again.
 */
export async function userData(db: Db, sessionUser: User): Promise<UserData> {
  const [fresh] = await db.select().from(users).where(eq(users.id, sessionUser.id))
  const user = fresh ?? sessionUser
  return {
    name: `${user.name} ${user.surname}`.trim(),
    profilePicture: user.profilePicture,
    subscription: {
      type: user.plan,
      stripeCustomerId: user.stripeCustomerId,
      currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    },
    limitReached: await limitReached(db, user),
  }
}
