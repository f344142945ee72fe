import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError } from '../http/app-error'
import type { GoogleIdentity } from './google-identity'

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

/**
 * The account of a Google identity, created at its first sign-in. An address that belongs to an
 * e-mail account stays theirs: msg_user_invalid_provider.
 */
export async function googleUser(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ ...identity, provider: 'google' })
    .onConflictDoNothing()
    .returning()
  const user = created ?? (await findUserByEmail(db, identity.email))
  if (!user) throw new Error(`the account of ${identity.email} vanished while signing in`)
  if (user.provider !== 'google') throw new AppError('msg_user_invalid_provider')
  return user
}
