import { Events, OAuth2Server } from 'oauth2-mock-server'

/** The claims Google puts in an ID token about who signed in (and any to override). */
export interface ProviderAccount {
  sub: string
  email: string
  email_verified: boolean
  name?: string
  given_name?: string
  family_name?: string
  picture?: string
  [claim: string]: unknown
}

export const TEST_GOOGLE_CLIENT = { id: 'storyreel-test.apps.example', secret: 'test-secret' }

export interface OidcProvider {
  /** The issuer URL, for GOOGLE_ISSUER. */
  issuer: string
  /** The server settings that point Storyreel's Google sign-in here. */
  env: Record<string, string>
  server: OAuth2Server
  /** Who the next sign-ins are, until the next call. */
  signInAs(account: ProviderAccount): void
  stop(): Promise<void>
}

/**
 * An OpenID provider on 127.0.0.1 (oauth2-mock-server) standing in for Google: discovery, an
 * authorize endpoint that approves at once, a token endpoint that checks PKCE and signs RS256 ID
 * tokens with the nonce of the authorization, and the keys to check them by. The account set by
 * `signInAs` fills in the claims.
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  // The library names it localhost, which may resolve to ::1 where nothing listens.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`
  const issuer = server.issuer.url
  let account: ProviderAccount | null = null
  server.service.on(Events.BeforeTokenSigning, (token) => {
    if (account) Object.assign(token.payload, account)
  })
  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: issuer,
    },
    server,
    signInAs(next) {
      account = next
    },
    stop: () => server.stop(),
  }
}
