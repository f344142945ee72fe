import { z } from 'zod'
import { CODE_LENGTH } from '../limits'
import { PlanTypeSchema } from '../plans'
import { UserDataSchema } from '../user'
import { endpoint } from './endpoint'

const email = z.string().trim().toLowerCase().pipe(z.email().max(254))

const token = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `must be ${CODE_LENGTH} digits`)

export const TokenTypeSchema = z.enum(['login', 'register'])

export const TokenCreateBodySchema = z.object({ email, type: TokenTypeSchema })
export type TokenCreateBody = z.infer<typeof TokenCreateBodySchema>

export const RegisterBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email,
  token,
})
export type RegisterBody = z.infer<typeof RegisterBodySchema>

/** Register may carry the paid plan the user picked before signing up. */
export const RegisterQuerySchema = z.object({
  plan: z.enum([PlanTypeSchema.enum.STARTER, PlanTypeSchema.enum.PRO]).optional(),
})

export const LoginBodySchema = z.object({ email, token })
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
  csrfToken: endpoint({ method: 'GET', path: '/auth/csrf-token', answer: CsrfAnswerSchema }),
  /** POST behind CSRF (SPEC section 7 has GET): no other site can sign a user out. */
  logout: endpoint({ method: 'POST', path: '/auth/logout', answer: z.null() }),
  createToken: endpoint({
    method: 'POST',
    path: '/auth/local/token/create',
    body: TokenCreateBodySchema,
    answer: z.null(),
  }),
  register: endpoint({
    method: 'POST',
    path: '/auth/local/register',
    query: RegisterQuerySchema,
    body: RegisterBodySchema,
    answer: LinkAnswerSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/local/login',
    body: LoginBodySchema,
    answer: LinkAnswerSchema,
  }),
}
