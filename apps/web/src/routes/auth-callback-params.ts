import { UI_TEXT, UserDataSchema, formatText, isMessageCode, messageText } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { readPlanParam } from './plan/plan-text'

export type AuthCallback = { user: UserData; next: string } | { error: string }

/** An error code of the query as the user reads it (SPEC section 8, auth callback). */
export function authErrorText(code: string): string {
  return isMessageCode(code) ? messageText(code) : formatText(UI_TEXT.authenticationError, { code })
}

function parseUser(text: string): UserData | null {
  try {
    const parsed = UserDataSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * What /auth-callback was sent (SPEC section 4): the signed-in user's data and where to go next
 * (the paid plan they picked, else /format), or the error to show on /signin.
 */
export function readAuthCallback(params: URLSearchParams): AuthCallback {
  const error = params.get('error')
  if (error !== null) return { error: authErrorText(error) }
  const user = parseUser(params.get('userInfo') ?? '')
  if (!user) return { error: UI_TEXT.unexpected }
  const plan = readPlanParam(params.get('plan'))
  return { user, next: plan && plan !== 'invalid' ? `/plan?plan=${plan}` : '/format' }
}
