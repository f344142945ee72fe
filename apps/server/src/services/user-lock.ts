import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Serializes one user's render requests, render claims and media deletions until the
 * transaction ends: a render request and the deletion of a file it uses can never interleave.
 */
export async function lockUser(tx: Pick<Db, 'execute'>, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`)
}
