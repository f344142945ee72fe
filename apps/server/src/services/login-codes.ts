import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '@storyreel/core'
import type { Db } from '../db/client'
import { loginCodes } from '../db/schema'
import { AppError } from '../http/app-error'

export type CodeType = 'login' | 'register'

/**
 * How many codes one e-mail address and one IP may ask for in a window, and one address in a
 * day whatever the IP: a cap that no spoofed or rotating address can get round, so nobody can
 * flood someone's inbox. An address with too many wrong codes in the lock-out window gets no
 * new code and no more tries until it passes.
 */
export const CODE_RATE_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perIp: 20,
  perEmailPerDay: 20,
  lockoutWrongTries: 10,
  lockoutMs: 60 * 60 * 1000,
}

const DAY_MS = 24 * 60 * 60 * 1000

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
  const count = async (where: ReturnType<typeof eq>, windowMs: number) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginCodes)
      .where(and(where, gt(loginCodes.createdAt, new Date(Date.now() - windowMs))))
    return row?.n ?? 0
  }
  const byEmail = eq(loginCodes.email, input.email)
  if (
    (await count(byEmail, CODE_RATE_LIMITS.windowMs)) >= CODE_RATE_LIMITS.perEmail ||
    (await count(byEmail, DAY_MS)) >= CODE_RATE_LIMITS.perEmailPerDay ||
    (await count(eq(loginCodes.ip, input.ip), CODE_RATE_LIMITS.windowMs)) >=
      CODE_RATE_LIMITS.perIp ||
    (await lockedOut(db, input.email))
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

/** Wrong tries on this address's codes in the lock-out window, across all its codes. */
async function lockedOut(db: Db, email: string): Promise<boolean> {
  const since = new Date(Date.now() - CODE_RATE_LIMITS.lockoutMs)
  const [row] = await db
    .select({ wrong: sql<number>`coalesce(sum(${loginCodes.attempts}), 0)::int` })
    .from(loginCodes)
    .where(
      and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since), isNull(loginCodes.usedAt)),
    )
  return (row?.wrong ?? 0) >= CODE_RATE_LIMITS.lockoutWrongTries
}

/**
 * Checks a code against the newest live code of this address and type. Each check first claims
 * a try in one UPDATE guarded by `attempts < CODE_MAX_ATTEMPTS`, so however many guesses arrive
 * at once, no more than CODE_MAX_ATTEMPTS are ever compared with a code. A right code is used
 * up; after CODE_MAX_ATTEMPTS tries the code is dead, even for the right digits.
 */
export async function consumeLoginCode(
  db: Db,
  secret: string,
  input: { email: string; type: CodeType; code: string },
): Promise<void> {
  if (await lockedOut(db, input.email)) throw new AppError('msg_too_many_requests')
  const newest = db
    .select({ id: loginCodes.id })
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
  const [claimed] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(and(inArray(loginCodes.id, newest), lt(loginCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning()
  if (!claimed) throw new AppError('msg_invalid_token')
  if (!sameHash(claimed.codeHash, hashCode(secret, input.email, input.code))) {
    throw new AppError('msg_invalid_token')
  }
  // Only one request can use the code: the update matches nothing once usedAt is set.
  const used = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(loginCodes.id, claimed.id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id })
  if (used.length === 0) throw new AppError('msg_invalid_token')
}
