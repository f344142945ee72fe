import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '@storyreel/core'
import type { Db } from '../db/client'
import { loginCodes } from '../db/schema'
import { AppError } from '../lib/app-error'

export type CodeType = 'login' | 'register'

/** How many codes one e-mail address and one IP may ask for in a window. */
export const CODE_RATE_LIMITS = { windowMs: 15 * 60 * 1000, perEmail: 5, perIp: 20 }

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
}

/** Codes are stored as an HMAC bound to the address, never in the clear. */
export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

export async function createLoginCode(
  db: Db,
  secret: string,
  input: { email: string; type: CodeType; ip: string },
): Promise<string> {
  const since = new Date(Date.now() - CODE_RATE_LIMITS.windowMs)
  const count = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginCodes)
      .where(and(where, gt(loginCodes.createdAt, since)))
    return row?.n ?? 0
  }
  if (
    (await count(eq(loginCodes.email, input.email))) >= CODE_RATE_LIMITS.perEmail ||
    (await count(eq(loginCodes.ip, input.ip))) >= CODE_RATE_LIMITS.perIp
  ) {
    throw new AppError('msg_too_many_requests')
  }
  const code = generateCode()
  await db.insert(loginCodes).values({
    email: input.email,
    type: input.type,
    ip: input.ip,
    codeHash: hashCode(secret, input.email, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  })
  return code
}

/**
 * Checks the newest live code of this address and type. A wrong code counts a try; after
 * CODE_MAX_ATTEMPTS wrong tries the code is dead, even for the right digits. A right code is
 * used up.
 */
export async function consumeLoginCode(
  db: Db,
  secret: string,
  input: { email: string; type: CodeType; code: string },
): Promise<void> {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.email, input.email),
        eq(loginCodes.type, input.type),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('msg_invalid_token')
  if (!sameHash(row.codeHash, hashCode(secret, input.email, input.code))) {
    await db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(eq(loginCodes.id, row.id))
    throw new AppError('msg_invalid_token')
  }
  // Only one request can use the code: the update matches nothing once usedAt is set.
  const used = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id })
  if (used.length === 0) throw new AppError('msg_invalid_token')
}
