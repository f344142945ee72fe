import { z } from 'zod'
import { EmailSchema, NAME_MAX_LENGTH } from '@storyreel/core'

/**
 * Where Google serves profile pictures. The page's content security policy allows pictures from
 * here when Google sign-in is configured; a picture claim from anywhere else is not kept.
 */
export const GOOGLE_PICTURE_SOURCE = 'https://*.googleusercontent.com'

/** Who a Google ID token says signed in, as an account keeps it. */
export interface GoogleIdentity {
  email: string
  name: string
  surname: string
  profilePicture: string | null
}

const optionalText = z.string().trim().optional().catch(undefined)

const ClaimsSchema = z.object({
  email: EmailSchema,
  // Only an address Google vouches for may open the account that carries it.
  email_verified: z.literal(true),
  given_name: optionalText,
  family_name: optionalText,
  name: optionalText,
  picture: optionalText,
})

function isGooglePicture(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url)
    return protocol === 'https:' && hostname.endsWith('.googleusercontent.com')
  } catch {
    return false
  }
}

const clip = (text: string) => text.slice(0, NAME_MAX_LENGTH)

/**
 * The identity in a validated ID token's claims; null without a verified e-mail address. Names
 * come from given_name and family_name, else from splitting name, else from the address.
 */
export function googleIdentity(claims: Record<string, unknown>): GoogleIdentity | null {
  const parsed = ClaimsSchema.safeParse(claims)
  if (!parsed.success) return null
  const { email, given_name, family_name, name, picture } = parsed.data
  const [first = '', ...rest] = (name ?? '').split(/\s+/).filter(Boolean)
  return {
    email,
    name: clip(given_name || first || email.split('@')[0]!),
    surname: clip(family_name ?? (given_name ? '' : rest.join(' '))),
    profilePicture: picture && isGooglePicture(picture) ? picture : null,
  }
}
