import * as oidc from 'openid-client'
import { API_PREFIX, GOOGLE_SIGN_IN } from '@storyreel/core'
import type { Env } from '../../env'

/** What one sign-in attempt carries from its start to its callback (in a sealed cookie). */
export interface SignInAttempt {
  state: string
  nonce: string
  codeVerifier: string
  /** The redirect URI sent to the provider: the code exchange must name the same one. */
  redirectUri: string
}

/** The claims of an ID token that has passed every check. */
export type IdTokenClaims = oidc.IDToken

/**
 * Sign-in with Google by OpenID Connect's authorization-code flow, through `openid-client`:
 * PKCE (S256), state and nonce; the ID token's signature (the provider's published keys),
 * issuer, audience, expiry and nonce are checked by the library.
 */
export interface GoogleSignIn {
  /** Where to send the browser, and what its callback must match. */
  start(): Promise<{ url: string; attempt: SignInAttempt }>
  /** Exchanges the code of the callback's query; throws on any failed check. */
  finish(callbackQuery: URLSearchParams, attempt: SignInAttempt): Promise<IdTokenClaims>
}

const SCOPE = 'openid email profile'

/**
 * Google's client when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (env.ts then requires
 * PUBLIC_URL), else null. The redirect URI is PUBLIC_URL's: a forged Host cannot change where
 * the provider sends the code.
 */
export function openGoogleSignIn(env: Env): GoogleSignIn | null {
  const clientId = env.GOOGLE_CLIENT_ID
  const clientSecret = env.GOOGLE_CLIENT_SECRET
  if (!clientId || !clientSecret || !env.PUBLIC_URL) return null
  const redirectUri = `${new URL(env.PUBLIC_URL).origin}${API_PREFIX}${GOOGLE_SIGN_IN.callbackPath}`
  const issuer = new URL(env.GOOGLE_ISSUER)
  // env.ts allows plain http only on a loopback host (the tests' provider).
  const insecure = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []

  // Discovered once; a failed discovery (provider down) is tried again by the next sign-in.
  let configuration: Promise<oidc.Configuration> | null = null
  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, clientId!, clientSecret, undefined, {
        timeout: env.GOOGLE_TIMEOUT_SECONDS,
        execute: [...insecure, oidc.enableNonRepudiationChecks],
      })
      .catch((error: unknown) => {
        configuration = null
        throw error
      })
    return configuration
  }

  return {
    async start() {
      const config = await discover()
      const attempt: SignInAttempt = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      }
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        // A person with several Google accounts picks one instead of getting the last used.
        prompt: 'select_account',
      })
      return { url: url.href, attempt }
    },

    async finish(callbackQuery, attempt) {
      const callbackUrl = new URL(attempt.redirectUri)
      callbackUrl.search = callbackQuery.toString()
      const tokens = await oidc.authorizationCodeGrant(await discover(), callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new Error('the token response has no ID token')
      return claims
    },
  }
}
