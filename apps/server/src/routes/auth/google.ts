import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { GOOGLE_SIGN_IN, RegisterQuerySchema, authApi, type MessageCode } from '@storyreel/core'
import { openGoogleSignIn } from '../../adapters/google/google-sign-in'
import { AppError } from '../../http/app-error'
import { cookiePolicy } from '../../http/cookies'
import { route } from '../../http/route'
import { cookieSeal } from '../../http/sealed-cookie'
import { googleIdentity } from '../../services/google-identity'
import { googleUser } from '../../services/users'
import { userData } from '../../services/video-limit'

/** Long enough to pick an account and consent; the callback after it is refused. */
const ATTEMPT_TTL_SECONDS = 10 * 60
/** Starts per minute per IP: each one is a call to the provider's discovery at worst. */
const STARTS_PER_MINUTE = 30

const AttemptSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  plan: RegisterQuerySchema.shape.plan,
})

/** Where the web app takes over (SPEC section 4, auth callback). */
function authCallback(query: Record<string, string>): string {
  return `/auth-callback?${new URLSearchParams(query)}`
}

const failed = (code: MessageCode) => authCallback({ error: code })

/**
 * Sign-in with Google (SPEC section 7's /auth/youtube, decision 013). The attempt's state, nonce,
 * PKCE verifier and plan travel in a sealed, short-lived cookie, cleared at the callback whatever
 * happens there: no database row, and a replayed callback finds nothing. Every failure goes to
 * /auth-callback with msg_google_oauth_failed, and no session.
 */
export async function googleRoutes(app: FastifyInstance) {
  const { db, env, secret } = app.services
  const google = openGoogleSignIn(env)
  const cookies = cookiePolicy(env)
  const cookieName = cookies.name('sr_google_signin')
  const attempts = cookieSeal({
    secret,
    purpose: 'google sign-in attempt',
    schema: AttemptSchema,
    ttlSeconds: ATTEMPT_TTL_SECONDS,
  })

  app.get(
    GOOGLE_SIGN_IN.path,
    { config: { rateLimit: { max: STARTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (req, res) => {
      if (!google) return res.redirect(failed('msg_google_not_configured'))
      const { plan } = GOOGLE_SIGN_IN.query.parse(req.query)
      try {
        const { url, attempt } = await google.start()
        res.setCookie(cookieName, await attempts.seal({ ...attempt, plan }), {
          ...cookies.options,
          maxAge: ATTEMPT_TTL_SECONDS,
        })
        return res.redirect(url)
      } catch (err) {
        req.log.warn({ err }, 'google sign-in could not start')
        return res.redirect(failed('msg_google_oauth_failed'))
      }
    },
  )

  app.get(GOOGLE_SIGN_IN.callbackPath, async (req, res) => {
    res.clearCookie(cookieName, cookies.options)
    if (!google) return res.redirect(failed('msg_google_not_configured'))
    const attempt = await attempts.open(req.cookies[cookieName])
    if (!attempt) {
      req.log.warn('google sign-in callback without a live attempt cookie')
      return res.redirect(failed('msg_google_oauth_failed'))
    }
    const query = new URL(req.url, 'http://callback').searchParams
    let claims
    try {
      claims = await google.finish(query, attempt)
    } catch (err) {
      req.log.warn({ err }, 'google sign-in failed')
      return res.redirect(failed('msg_google_oauth_failed'))
    }
    const identity = googleIdentity(claims)
    if (!identity) {
      req.log.warn({ sub: claims.sub }, 'google sign-in without a verified e-mail address')
      return res.redirect(failed('msg_google_oauth_failed'))
    }
    // A navigation: even our own failures end on a page that says so, never on JSON.
    try {
      const user = await googleUser(db, identity)
      await app.startSession(res, user.id)
      const userInfo = JSON.stringify(await userData(db, user))
      return res.redirect(authCallback({ userInfo, ...(attempt.plan && { plan: attempt.plan }) }))
    } catch (err) {
      if (err instanceof AppError) return res.redirect(failed(err.code))
      req.log.error({ err }, 'google sign-in could not open the account')
      return res.redirect(failed('generic_error_message'))
    }
  })

  route(app, authApi.providers, async () => ({ google: google !== null }))
}
