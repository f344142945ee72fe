import type { PlanType } from '@storyreel/core'
import { Crown, Sparkles } from 'lucide-react'
import './app.css'

/** The user's plan as a small pill: FREE, STARTER or PRO. */
export function PlanBadge({ plan }: { plan: PlanType }) {
  return (
    <span className={`plan-badge plan-badge--${plan.toLowerCase()}`} title={`Your plan: ${plan}`}>
      {plan === 'PRO' ? (
        <Crown size={14} aria-hidden="true" />
      ) : plan === 'STARTER' ? (
        <Sparkles size={14} aria-hidden="true" />
      ) : null}
      {plan}
    </span>
  )
}
