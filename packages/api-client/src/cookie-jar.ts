/** A client's cookies by name, as a browser keeps them for one site: two users are two jars. */
export type CookieJar = Map<string, string>

/** The Cookie header that sends every cookie in the jar. */
export function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** Keeps what an answer's Set-Cookie headers set, and drops what they clear (empty or expired). */
export function keepCookies(jar: CookieJar, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    const at = pair.indexOf('=')
    const name = pair.slice(0, at).trim()
    const value = pair.slice(at + 1).trim()
    if (value === '' || /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name)
    else jar.set(name, value)
  }
}
