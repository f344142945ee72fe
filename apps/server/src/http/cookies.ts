import type { Env } from '../env'

/**
 * How Storyreel's cookies are set. Served over HTTPS (PUBLIC_URL https, or production), they
 * are Secure and carry the __Host- prefix, which browsers accept only from this exact host over
 * HTTPS with Path=/: no subdomain or plain-HTTP page can plant or overwrite them.
 */
export function cookiePolicy(env: Env) {
  const secure = env.PUBLIC_URL
    ? env.PUBLIC_URL.startsWith('https://')
    : env.NODE_ENV === 'production'
  return {
    secure,
    name: (base: string) => (secure ? `__Host-${base}` : base),
    options: { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' },
  }
}

export type CookiePolicy = ReturnType<typeof cookiePolicy>
