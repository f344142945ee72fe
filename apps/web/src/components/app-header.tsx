import type { UserData } from '@storyreel/core'
import { Link } from 'react-router'
import { BrandMark, BrandName } from './brand'
import { PlanBadge } from './plan-badge'
import { ProfileMenu } from './profile-menu'
import './app.css'

export function AppHeader({ user }: { user: UserData | null }) {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/format" className="brand" aria-label="Storyreel, start a new video">
          <BrandMark size={34} />
          <BrandName />
        </Link>
        {user ? (
          <div className="app-header__end">
            <PlanBadge plan={user.subscription.type ?? 'FREE'} />
            <ProfileMenu user={user} />
          </div>
        ) : null}
      </div>
    </header>
  )
}
