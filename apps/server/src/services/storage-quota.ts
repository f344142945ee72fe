import { eq, sql } from 'drizzle-orm'
import { storageQuotaBytes } from '@storyreel/core'
import type { Db } from '../db/client'
import { media, users } from '../db/schema'
import { AppError } from '../http/app-error'

/**
 * Adds an upload's row when the user's library stays within their plan's quota. Summing and
 * inserting under a per-user transaction lock makes them one step: parallel uploads are counted
 * one after another, so together they cannot pass a check that each would pass alone.
 */
export function insertWithinQuota(db: Db, row: typeof media.$inferInsert) {
  return db.transaction(async (tx) => {
    // Two keys: a lock space of its own, apart from pg-boss's one-key locks.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('media-quota'), hashtext(${row.userId}))`,
    )
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, row.userId))
    const [stored] = await tx
      .select({ bytes: sql`coalesce(sum(${media.size}), 0)`.mapWith(Number) })
      .from(media)
      .where(eq(media.userId, row.userId))
    if (stored!.bytes + row.size > storageQuotaBytes(user!.plan)) {
      throw new AppError('msg_storage_quota_exceeded')
    }
    const [inserted] = await tx.insert(media).values(row).returning()
    return inserted!
  })
}
