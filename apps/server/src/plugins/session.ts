import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { and, eq, gt } from 'drizzle-orm'
import { sessions, users } from '../db/schema'
import type { CookiePolicy } from '../http/cookies'

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
const SESSION_CACHE_TTL_MS = 5000
const SESSION_CACHE_MAX = 10_000

export type SessionUser = typeof users.$inferSelect

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, or null; set before every other hook of a route, so requestGate
     * refuses a request without one before its body is read.
     */
    user: SessionUser | null
  }
  interface FastifyInstance {
    startSession(res: FastifyReply, userId: string): Promise<void>
    endSession(req: FastifyRequest, res: FastifyReply): Promise<void>
  }
}

const hash = (id: string) => createHash('sha256').update(id).digest('hex')

/**
 * Sessions are opaque random ids in an httpOnly, SameSite=Lax cookie; the server keeps only
 * their hash and expiry. Starting or ending one also rotates the CSRF secret.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { cookies: CookiePolicy; sessionCookie: string }) => {
    const cookieName = opts.sessionCookie
    const cookieOptions = opts.cookies.options

    app.decorateRequest('user', null)

    // Polling pages ask every 2 s; a short-lived cache spares the database one query per poll.
    // Only reads use it: a call that changes something (a render against the plan's limit)
    // always sees the user as the database has them now.
    const cache = new Map<string, { user: SessionUser | null; until: number }>()

    async function lookup(idHash: string, cached: boolean): Promise<SessionUser | null> {
      const now = Date.now()
      const hit = cache.get(idHash)
      if (cached && hit && hit.until > now) return hit.user
      const [row] = await app.services.db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now))))
        .limit(1)
      if (cache.size >= SESSION_CACHE_MAX) cache.clear()
      const until = Math.min(now + SESSION_CACHE_TTL_MS, row?.expiresAt.getTime() ?? Infinity)
      cache.set(idHash, { user: row?.user ?? null, until })
      return row?.user ?? null
    }

    app.addHook('onRequest', async (req) => {
      const id = req.cookies[cookieName]
      if (id) req.user = await lookup(hash(id), req.method === 'GET')
    })

    app.decorate('startSession', async (res: FastifyReply, userId: string) => {
      const id = randomBytes(32).toString('base64url')
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
      await app.services.db.insert(sessions).values({ idHash: hash(id), userId, expiresAt })
      res.setCookie(cookieName, id, { ...cookieOptions, expires: expiresAt })
      app.rotateCsrf(res)
    })

    app.decorate('endSession', async (req: FastifyRequest, res: FastifyReply) => {
      const id = req.cookies[cookieName]
      if (id) {
        const idHash = hash(id)
        cache.delete(idHash)
        await app.services.db.delete(sessions).where(eq(sessions.idHash, idHash))
      }
      res.clearCookie(cookieName, cookieOptions)
      app.rotateCsrf(res)
    })
  },
  { name: 'session', dependencies: ['csrf'] },
)
