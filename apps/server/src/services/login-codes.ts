import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '@storyreel/core'
import type { Db } from '../db/client'
import { loginCodes, signInFailures } from '../db/schema'
import { AppError } from '../http/app-error'
import { retryAt, SIGN_IN_BACKOFF } from './sign-in-backoff'

export type CodeType = 'login' | 'register'

/**
 * How many codes one IP may ask for one e-mail address, and for all addresses, in a window; and
 * one address in a day whatever the IP: a cap that no spoofed or rotating address can get round,
 * so nobody can flood someone's inbox, and that bounds the guesses at an address's codes (each
 * takes CODE_MAX_ATTEMPTS). Wrong codes hold back only the client that sent them
 * (sign-in-backoff.ts).
 */
export const CODE_RATE_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmailAndIp: 5,
  perIp: 20,
  perEmailPerDay: 20,
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
  const count = async (where: SQL | undefined, windowMs: number) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginCodes)
      .where(and(where, gt(loginCodes.createdAt, new Date(Date.now() - windowMs))))
    return row?.n ?? 0
  }
  const byEmail = eq(loginCodes.email, input.email)
  const byIp = eq(loginCodes.ip, input.ip)
  if (
    (await count(and(byEmail, byIp), CODE_RATE_LIMITS.windowMs)) >=
      CODE_RATE_LIMITS.perEmailAndIp ||
    (await count(byEmail, DAY_MS)) >= CODE_RATE_LIMITS.perEmailPerDay ||
    (await count(byIp, CODE_RATE_LIMITS.windowMs)) >= CODE_RATE_LIMITS.perIp
  ) {
    throw new AppError('msg_too_many_requests')
  }
  await holdBack(db, input)
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

/** Who signs in: the e-mail address, and the client address the request came from. */
type Client = { email: string; ip: string }

const failuresOf = (input: Client) =>
  and(eq(signInFailures.email, input.email), eq(signInFailures.ip, input.ip))

/** Refuses a client still waiting out its back-off for this address. */
async function holdBack(db: Db, input: Client): Promise<void> {
  const [record] = await db.select().from(signInFailures).where(failuresOf(input))
  if (retryAt(record, new Date())) throw new AppError('msg_too_many_requests')
}

/** Counts a wrong code; one after a day without any counts from one again. */
async function recordFailure(db: Db, input: Client): Promise<void> {
  const now = new Date()
  const forgetBefore = new Date(now.getTime() - SIGN_IN_BACKOFF.forgetAfterMs)
  await db
    .insert(signInFailures)
    .values({ ...input, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [signInFailures.email, signInFailures.ip],
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
}

/**
 * Checks a code against the newest live code of this address and type. Each check first claims
 * a try in one UPDATE guarded by `attempts < CODE_MAX_ATTEMPTS`, so however many guesses arrive
 * at once, no more than CODE_MAX_ATTEMPTS are ever compared with a code. A right code is used
 * up, and clears this client's wrong tries; after CODE_MAX_ATTEMPTS tries the code is dead, even
 * for the right digits, and the owner asks for a new one. A wrong code counts against this
 * client and address only (sign-in-backoff.ts).
 */
export async function consumeLoginCode(
  db: Db,
  secret: string,
  input: { email: string; type: CodeType; code: string; ip: string },
): Promise<void> {
  await holdBack(db, input)
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
    await recordFailure(db, input)
    throw new AppError('msg_invalid_token')
  }
  // Only one request can use the code: the update matches nothing once usedAt is set.
  const used = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(loginCodes.id, claimed.id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id })
  if (used.length === 0) throw new AppError('msg_invalid_token')
  await db.delete(signInFailures).where(failuresOf(input))
}
