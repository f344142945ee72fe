import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'

export type UserRow = typeof users.$inferSelect

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user ?? null
}

/** A new e-mail account; null when the address was taken in the meantime. */
export async function createLocalUser(
  db: Db,
  input: { email: string; name: string; surname: string },
): Promise<UserRow | null> {
  const [user] = await db.insert(users).values(input).onConflictDoNothing().returning()
  return user ?? null
}
