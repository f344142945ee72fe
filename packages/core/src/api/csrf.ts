/** The header every state-changing call carries its CSRF token in (from authApi.csrfToken). */
export const CSRF_HEADER = 'x-csrf-token'

/**
 * A client's CSRF token, fetched once and reused for every state-changing call. A failed fetch
 * is not kept; `forget` makes the next call fetch a new one, as the token is bound to the
 * session, which signing in or out changes.
 */
export function csrfTokenCache(fetchToken: () => Promise<string>) {
  let token: Promise<string> | null = null
  return {
    get(): Promise<string> {
      token ??= fetchToken().catch((error: unknown) => {
        token = null
        throw error
      })
      return token
    },
    forget(): void {
      token = null
    },
  }
}
