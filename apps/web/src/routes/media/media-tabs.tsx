import { Camera, Clapperboard, FolderOpen, Image, Sparkle } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { MEDIA_TABS, withParams } from './media-params'
import type { MediaTab } from './media-params'

export const TAB_LABELS: Record<MediaTab, string> = {
  LOCAL: 'Uploaded',
  UNSPLASH: 'Unsplash',
  PEXELS: 'Pexels',
  PIXABAY: 'Pixabay',
  VIDEO: 'Videos',
}

const ICONS: Record<MediaTab, LucideIcon> = {
  LOCAL: FolderOpen,
  UNSPLASH: Camera,
  PEXELS: Image,
  PIXABAY: Sparkle,
  VIDEO: Clapperboard,
}

/**
 * The sources (SPEC section 2): links that change `provider` and keep the other params, so the
 * search goes on in the next provider and the browser's back button returns to the last tab.
 */
export function MediaTabs({ current, params }: { current: MediaTab; params: URLSearchParams }) {
  return (
    <nav className="source-tabs" aria-label="Media sources">
      <ul className="source-tabs__list">
        {MEDIA_TABS.map((tab) => {
          const Icon = ICONS[tab]
          return (
            <li key={tab}>
              <Link
                className="source-tabs__tab"
                to={{ search: withParams(params, { provider: tab }).toString() }}
                aria-current={tab === current ? 'page' : undefined}
              >
                <Icon size={16} aria-hidden="true" />
                {TAB_LABELS[tab]}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
