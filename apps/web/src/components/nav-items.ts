/** The app's main destinations (SPEC section 2, footer nav), in the order they are shown. */
export const NAV_ITEMS = [
  { id: 'home', label: 'Home', to: '/' },
  { id: 'media', label: 'Media', to: '/media?provider=UNSPLASH' },
  { id: 'videos', label: 'Videos', to: '/queue' },
] as const

export type NavItemId = (typeof NAV_ITEMS)[number]['id']

/**
 * The item the page at `pathname` belongs to: Home is the making of a video (/ only redirects to
 * /format), Videos the queue; other pages (/plan) belong to none.
 */
export function activeNavItem(pathname: string): NavItemId | null {
  const [first = ''] = pathname.split('/').filter(Boolean)
  if (['', 'format', 'upload', 'customize', 'render', 'generate'].includes(first)) return 'home'
  if (first === 'media') return 'media'
  if (first === 'queue') return 'videos'
  return null
}

/** The editor has a footer bar of its own (Home, Audio, Render): no tab bar there. */
export function showsTabBar(pathname: string): boolean {
  return !/^\/customize(\/|$)/.test(pathname)
}
