import { z } from 'zod'
import { CODE_LENGTH } from '../limits'
import { PlanTypeSchema } from '../plans'
import { UserDataSchema } from '../user'
import { endpoint } from './endpoint'

/** An e-mail address as accounts are keyed by it: trimmed and lower-cased. */
export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254))

const token = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `must be ${CODE_LENGTH} digits`)

export const TokenTypeSchema = z.enum(['login', 'register'])

export const TokenCreateBodySchema = z.object({ email: EmailSchema, type: TokenTypeSchema })
export type TokenCreateBody = z.infer<typeof TokenCreateBodySchema>

/** The longest first or last name an account keeps. */
export const NAME_MAX_LENGTH = 100

export const RegisterBodySchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  surname: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  email: EmailSchema,
  token,
})
export type RegisterBody = z.infer<typeof RegisterBodySchema>

const paidPlan = z.enum([PlanTypeSchema.enum.STARTER, PlanTypeSchema.enum.PRO])

/** Register may carry the paid plan the user picked before signing up. */
export const RegisterQuerySchema = z.object({ plan: paidPlan.optional() })

export const LoginBodySchema = z.object({ email: EmailSchema, token })
export type LoginBody = z.infer<typeof LoginBodySchema>

/** Where the app goes after signing in. */
export const LinkAnswerSchema = z.object({ link: z.string() })

export const VerifySessionAnswerSchema = z.object({
  isAuthenticated: z.boolean(),
  userData: UserDataSchema.nullable(),
})
export type VerifySessionAnswer = z.infer<typeof VerifySessionAnswerSchema>

export const VideoLimitAnswerSchema = z.object({ limitReached: z.boolean() })

export const CsrfAnswerSchema = z.object({ csrfToken: z.string() })

/** Which third-party sign-ins this server offers: the sign-in screen shows only those. */
export const AuthProvidersAnswerSchema = z.object({ google: z.boolean() })
export type AuthProvidersAnswer = z.infer<typeof AuthProvidersAnswerSchema>

/**
 * Google sign-in (SPEC section 7's /auth/youtube): a browser navigation that answers redirects,
 * to Google and back to `callbackPath`, then to /auth-callback. It may carry the paid plan picked
 * before signing in; a plan that is not one is dropped rather than failing the navigation.
 */
export const GOOGLE_SIGN_IN = {
  path: '/auth/youtube',
  callbackPath: '/auth/youtube/callback',
  query: z.object({ plan: paidPlan.optional().catch(undefined) }),
} as const

export const authApi = {
  verifySession: endpoint({
    method: 'GET',
    path: '/auth/verify-session',
    answer: VerifySessionAnswerSchema,
  }),
  updateVideoLimit: endpoint({
    method: 'GET',
    path: '/auth/update-video-limit',
    answer: VideoLimitAnswerSchema,
  }),
  csrfToken: endpoint({
    method: 'GET',
    path: '/auth/csrf-token',
    answer: CsrfAnswerSchema,
    public: true,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    answer: AuthProvidersAnswerSchema,
    public: true,
  }),
  /** POST behind CSRF (SPEC section 7 has GET): no other site can sign a user out. */
  logout: endpoint({ method: 'POST', path: '/auth/logout', answer: z.null(), public: true }),
  createToken: endpoint({
    method: 'POST',
    path: '/auth/local/token/create',
    body: TokenCreateBodySchema,
    answer: z.null(),
    public: true,
  }),
  register: endpoint({
    method: 'POST',
    path: '/auth/local/register',
    query: RegisterQuerySchema,
    body: RegisterBodySchema,
    answer: LinkAnswerSchema,
    public: true,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/local/login',
    body: LoginBodySchema,
    answer: LinkAnswerSchema,
    public: true,
  }),
}
