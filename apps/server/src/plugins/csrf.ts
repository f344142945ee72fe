import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import csrfProtection from '@fastify/csrf-protection'
import { CSRF_HEADER, authApi } from '@storyreel/core'
import type { CookiePolicy } from '../http/cookies'
import { route } from '../http/route'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops the CSRF secret, so the next token is made from a new one (at sign-in and out). */
    rotateCsrf(res: FastifyReply): void
  }
}

/**
 * CSRF tokens from @fastify/csrf-protection: GET /auth/csrf-token answers a token made from a
 * secret kept in an httpOnly cookie and bound to the session cookie the request carries; every
 * state-changing call must send it in the x-csrf-token header. Another site can neither read the
 * token nor mint one for the victim's session, and a token taken before sign-in stops working
 * after it.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { cookies: CookiePolicy; sessionCookie: string }) => {
    const cookieKey = opts.cookies.name('sr_csrf')
    const binding = (req: FastifyRequest) => {
      const session = req.cookies[opts.sessionCookie]
      return session ? createHash('sha256').update(session).digest('base64url') : 'signed-out'
    }
    await app.register(csrfProtection, {
      cookieKey,
      cookieOpts: opts.cookies.options,
      getToken: (req) => req.headers[CSRF_HEADER] as string | undefined,
      getUserInfo: binding,
      csrfOpts: { hmacKey: app.services.secret },
    })
    app.addHook('onRequest', (req, res, done) => {
      if (SAFE_METHODS.has(req.method)) done()
      else app.csrfProtection(req, res, done)
    })
    app.decorate('rotateCsrf', (res: FastifyReply) => {
      res.clearCookie(cookieKey, opts.cookies.options)
    })

    route(app, authApi.csrfToken, async (req, res) => ({
      csrfToken: res.generateCsrf({ userInfo: binding(req) }),
    }))
  },
  { name: 'csrf' },
)
