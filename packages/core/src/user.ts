import { z } from 'zod'
import { PlanTypeSchema } from './plans'

export const SubscriptionSchema = z.object({
  type: PlanTypeSchema,
  stripeCustomerId: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

/** Kept in browser storage for one hour after it is set (SPEC section 3). */
export const UserDataSchema = z.object({
  name: z.string(),
  profilePicture: z.string().nullable(),
  subscription: SubscriptionSchema,
  limitReached: z.boolean(),
})
export type UserData = z.infer<typeof UserDataSchema>
