import type { UserData } from '@storyreel/core'
import { Link } from 'react-router'
import { BrandMark, BrandName } from './brand'
import { FooterNav } from './footer-nav'
import { PlanBadge } from './plan-badge'
import { ProfileMenu } from './profile-menu'
import './app.css'

export function AppHeader({ user }: { user: UserData | null }) {
  const plan = user?.subscription.type ?? 'FREE'
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/format" className="brand" aria-label="Storyreel, start a new video">
          <BrandMark size={34} />
          <BrandName />
        </Link>
        {user ? <FooterNav placement="header" /> : null}
        {user ? (
          <div className="app-header__end">
            <Link
              to="/plan"
              className="app-header__plan"
              aria-label={`Your plan: ${plan}. See plans`}
            >
              <PlanBadge plan={plan} />
            </Link>
            <ProfileMenu user={user} />
          </div>
        ) : null}
      </div>
    </header>
  )
}
