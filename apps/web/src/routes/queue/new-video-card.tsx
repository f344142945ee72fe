import { PLANS, UI_TEXT } from '@storyreel/core'
import type { PlanType } from '@storyreel/core'
import { Gauge, Plus, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button'

/**
 * The grid's first card: 'New Video', or, once this month's videos are used up, 'Video limit
 * reached' with the way to more (SPEC section 2, /queue).
 */
export function NewVideoCard({ limitReached, plan }: { limitReached: boolean; plan: PlanType }) {
  if (limitReached) {
    return (
      <div className="new-video new-video--limit">
        <span className="new-video__icon new-video__icon--limit" aria-hidden="true">
          <Gauge size={26} />
        </span>
        <h2 className="new-video__title">{UI_TEXT.videoLimitReached}</h2>
        <p className="new-video__text">
          You have made all {PLANS[plan].monthlyVideoLimit} videos of your {PLANS[plan].label} plan
          this month.
        </p>
        <Link to="/plan" className={buttonClass('primary', 'sm', 'new-video__upgrade')}>
          <Sparkles size={16} aria-hidden="true" />
          Upgrade Plan
        </Link>
      </div>
    )
  }
  return (
    <Link to="/format" className="new-video">
      <span className="new-video__icon" aria-hidden="true">
        <Plus size={28} strokeWidth={2.5} />
      </span>
      <span className="new-video__title">New Video</span>
      <span className="new-video__text">Pick a format and add your photos and clips</span>
    </Link>
  )
}
