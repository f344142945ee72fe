import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

export const CSRF_COOKIE = 'sr_csrf'
export const CSRF_HEADER = 'x-csrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Double-submit token: GET /auth/csrf-token puts a random token in an httpOnly cookie and in the
 * answer; every state-changing call must echo it in the x-csrf-token header. Another site can
 * neither read the answer nor set our cookie, so it cannot forge the pair.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
    app.addHook('onRequest', async (req) => {
      if (SAFE_METHODS.has(req.method)) return
      const cookie = req.cookies[CSRF_COOKIE]
      const header = req.headers[CSRF_HEADER]
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError('msg_invalid_csrf_token')
      }
    })

    app.get('/auth/csrf-token', async (req, res) => {
      const csrfToken = req.cookies[CSRF_COOKIE] ?? randomBytes(24).toString('base64url')
      res.setCookie(CSRF_COOKIE, csrfToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        path: '/',
      })
      return { data: { csrfToken }, message: null }
    })
  },
  { name: 'csrf' },
)
