import { and, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { isVideoLimitReached, limitPeriod, type UserData } from '@storyreel/core'
import type { Db } from '../db/client'
import { tasks, type users } from '../db/schema'

type User = typeof users.$inferSelect

/**
 * Renders requested in the user's current period. Deleted videos still count; renders that
 * failed (CANCELLED) do not, since the user got nothing for them.
 */
export async function rendersThisPeriod(db: Db, user: User, now = new Date()): Promise<number> {
  const { start, end } = limitPeriod(now, user.currentPeriodEnd)
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, user.id),
        gte(tasks.createdAt, start),
        lt(tasks.createdAt, end),
        ne(tasks.state, 'CANCELLED'),
      ),
    )
  return row?.n ?? 0
}

export async function limitReached(db: Db, user: User): Promise<boolean> {
  return isVideoLimitReached(await rendersThisPeriod(db, user), user.plan)
}

export async function userData(db: Db, user: User): Promise<UserData> {
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
