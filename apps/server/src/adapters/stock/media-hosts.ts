/**
 * Each provider's own media hosts, the only places stock files are fetched from, over https.
 * Pexels' video files live on videos.pexels.com; Pixabay's on pixabay.com (/get/, valid a day)
 * and cdn.pixabay.com.
 */
export const PROVIDER_MEDIA_HOSTS = {
  unsplash: ['images.unsplash.com'],
  pexels: ['images.pexels.com', 'videos.pexels.com'],
  pixabay: ['pixabay.com', 'cdn.pixabay.com'],
} as const

export const STOCK_MEDIA_HOSTS: readonly string[] = Object.values(PROVIDER_MEDIA_HOSTS).flat()

export interface MediaHostPolicy {
  /** Host names fetched over https on the default port, at public addresses only. */
  hosts: ReadonlySet<string>
  /** Origins (scheme, host, port) trusted as they are: the operator's mirror, the tests' servers. */
  extraOrigins: ReadonlySet<string>
}

/**
 * How far a URL is trusted: 'public' (a provider's host: its addresses must be public), 'trusted'
 * (an extra origin), or null (never fetched). URLs carrying credentials are never fetched.
 */
export function mediaHostTrust(url: URL, policy: MediaHostPolicy): 'public' | 'trusted' | null {
  if (url.username || url.password) return null
  if (policy.extraOrigins.has(url.origin)) return 'trusted'
  if (url.protocol === 'https:' && url.port === '' && policy.hosts.has(url.hostname)) {
    return 'public'
  }
  return null
}

/** Whether a search result's file could be downloaded: results that could not are not shown. */
export function isDownloadable(href: string, policy: MediaHostPolicy): boolean {
  return URL.canParse(href) && mediaHostTrust(new URL(href), policy) !== null
}
