import { and, eq, sql } from 'drizzle-orm'
import { storageQuotaBytes } from '@storyreel/core'
import type { Db } from '../db/client'
import { media, users } from '../db/schema'
import { AppError } from '../http/app-error'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * How many bytes the user's plan leaves them now (negative when an old library is over it): an
 * upload that brings more is refused before it is stored. Parallel uploads may each fit it:
 * insertWithinQuota has the last word.
 */
export async function quotaLeft(db: Db | Tx, userId: string): Promise<number> {
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId))
  const [stored] = await db
    .select({ bytes: sql`coalesce(sum(${media.size}), 0)`.mapWith(Number) })
    .from(media)
    .where(eq(media.userId, userId))
  return storageQuotaBytes(user!.plan) - stored!.bytes
}

/**
 * Adds an upload's row when the user's library stays within their plan's quota. Summing and
 * inserting under a per-user transaction lock makes them one step: parallel uploads are counted
 * one after another, so together they cannot pass a check that each would pass alone. A row
 * with a `sha256` the user already has a file of (same kind) is not added: that file's row is
 * answered instead, and the caller keeps nothing new (a name other than the one it asked for).
 */
export function insertWithinQuota(db: Db, row: typeof media.$inferInsert) {
  return db.transaction(async (tx) => {
    // Two keys: a lock space of its own, apart from pg-boss's one-key locks.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('media-quota'), hashtext(${row.userId}))`,
    )
    if (row.sha256) {
      const [same] = await tx
        .select()
        .from(media)
        .where(
          and(eq(media.userId, row.userId), eq(media.sha256, row.sha256), eq(media.kind, row.kind)),
        )
        .limit(1)
      if (same) return same
    }
    if (row.size > (await quotaLeft(tx, row.userId))) {
      throw new AppError('msg_storage_quota_exceeded')
    }
    const [inserted] = await tx.insert(media).values(row).returning()
    return inserted!
  })
}
