import { z } from 'zod'
import { CODE_LENGTH } from '../limits'
import { PlanTypeSchema } from '../plans'
import { UserDataSchema } from '../user'

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
