import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { and, eq, gt } from 'drizzle-orm'
import { sessions, users } from '../db/schema'
import { AppError } from '../lib/app-error'

export const SESSION_COOKIE = 'sr_session'
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type SessionUser = typeof users.$inferSelect

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set before every handler. */
    user: SessionUser | null
  }
  interface FastifyInstance {
    startSession(res: FastifyReply, userId: string): Promise<void>
    endSession(req: FastifyRequest, res: FastifyReply): Promise<void>
  }
}

const hash = (id: string) => createHash('sha256').update(id).digest('hex')

/** The signed-in user, or a 401 msg_session_verification_failed. */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('msg_session_verification_failed')
  return req.user
}

/**
 * Sessions are opaque random ids in an httpOnly, SameSite=Lax cookie; the server keeps only
 * their hash and expiry.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
      path: '/',
    }

    app.decorateRequest('user', null)

    app.addHook('onRequest', async (req) => {
      const id = req.cookies[SESSION_COOKIE]
      if (!id) return
      const [row] = await app.services.db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, hash(id)), gt(sessions.expiresAt, new Date())))
        .limit(1)
      req.user = row?.user ?? null
    })

    app.decorate('startSession', async (res: FastifyReply, userId: string) => {
      const id = randomBytes(32).toString('base64url')
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
      await app.services.db.insert(sessions).values({ idHash: hash(id), userId, expiresAt })
      res.setCookie(SESSION_COOKIE, id, { ...cookieOptions, expires: expiresAt })
    })

    app.decorate('endSession', async (req: FastifyRequest, res: FastifyReply) => {
      const id = req.cookies[SESSION_COOKIE]
      if (id) await app.services.db.delete(sessions).where(eq(sessions.idHash, hash(id)))
      res.clearCookie(SESSION_COOKIE, cookieOptions)
    })
  },
  { name: 'session' },
)
