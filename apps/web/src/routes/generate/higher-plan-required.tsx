import { UI_TEXT } from '@storyreel/core'
import { Lock, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button'

/** What a plan below PRO sees on /generate (SPEC sections 5 and 6), with the way to upgrade. */
export function HigherPlanRequired() {
  return (
    <section className="plan-guard">
      <span className="plan-guard__icon" aria-hidden="true">
        <Lock size={28} />
      </span>
      <span className="plan-badge plan-badge--pro">PRO PLAN</span>
      <h1 className="plan-guard__title">{UI_TEXT.higherSubscriptionRequired}</h1>
      <p className="plan-guard__text">
        Generating images with AI is part of the Pro plan. Upgrade to describe any picture and add
        it to your video.
      </p>
      <Link to="/plan?plan=PRO" className={buttonClass('primary', 'lg')}>
        <Sparkles size={18} aria-hidden="true" />
        Upgrade Plan
      </Link>
    </section>
  )
}
