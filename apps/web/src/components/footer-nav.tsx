import { Clapperboard, House, Images } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { NAV_ITEMS, activeNavItem } from './nav-items'
import type { NavItemId } from './nav-items'
import './footer-nav.css'

const ICONS: Record<NavItemId, LucideIcon> = { home: House, media: Images, videos: Clapperboard }

/**
 * Home, Media and Videos (SPEC section 2, footer nav): a tab bar fixed to the bottom of phones,
 * links in the header on wider screens. Both are rendered and CSS shows the one that fits, so
 * only one is ever in the accessibility tree.
 */
export function FooterNav({ placement }: { placement: 'tab-bar' | 'header' }) {
  const active = activeNavItem(useLocation().pathname)
  return (
    <nav className={`main-nav main-nav--${placement}`} aria-label="Main">
      {NAV_ITEMS.map((item) => {
        const Icon = ICONS[item.id]
        return (
          <Link
            key={item.id}
            to={item.to}
            className="main-nav__link"
            aria-current={active === item.id ? 'page' : undefined}
          >
            <span className="main-nav__icon">
              <Icon size={placement === 'tab-bar' ? 22 : 18} aria-hidden="true" />
            </span>
            <span className="main-nav__label">{item.label}</span>
          </Link>
        )
      })}
    </nav>
  )
}
