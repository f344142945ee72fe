import { PLANS } from '@storyreel/core'
import type { PaidPlan } from '@storyreel/core'
import { Check, Crown, Sparkles } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Button } from '../../components/ui/button'
import { planFeatures, priceText } from './plan-text'

const ICONS: Record<PaidPlan, LucideIcon> = { STARTER: Sparkles, PRO: Crown }

const TAGLINES: Record<PaidPlan, string> = {
  STARTER: 'For creators who post every week',
  PRO: 'For businesses and busy creators',
}

/** One plan: price, what it gives, and its button; the user's own plan is marked. */
export function PlanCard({
  type,
  current,
  highlighted,
  settled,
  buttonLabel,
  disabled,
  loading,
  onChoose,
}: {
  type: PaidPlan
  current: boolean
  /** Picked before coming here (`?plan=`): brought into view and set apart. */
  highlighted: boolean
  /** The page's layout is final, so a highlighted card can be brought into view. */
  settled: boolean
  buttonLabel: string
  disabled: boolean
  /** On its way to Stripe. */
  loading: boolean
  onChoose: () => void
}) {
  const plan = PLANS[type]
  const Icon = ICONS[type]
  const titleId = useId()
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    if (highlighted && settled) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [highlighted, settled])

  const classes = ['plan-card', `plan-card--${type.toLowerCase()}`]
  if (highlighted) classes.push('plan-card--highlighted')
  if (current) classes.push('plan-card--current')

  return (
    <article ref={ref} className={classes.join(' ')} aria-labelledby={titleId}>
      {current ? (
        <span className="plan-card__flag plan-card__flag--current">Current plan</span>
      ) : highlighted ? (
        <span className="plan-card__flag">Your pick</span>
      ) : null}
      <span className="plan-card__icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <h2 id={titleId} className="plan-card__name">
        {plan.label}
      </h2>
      <p className="plan-card__tagline">{TAGLINES[type]}</p>
      <p className="plan-card__price">
        <strong>{priceText(plan)}</strong>
        <span>/ month</span>
      </p>
      <ul className="plan-card__features">
        {planFeatures(type).map((feature) => (
          <li key={feature}>
            <Check size={18} strokeWidth={2.5} aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        block
        variant={current ? 'secondary' : highlighted || type === 'PRO' ? 'primary' : 'secondary'}
        disabled={disabled}
        loading={loading}
        onClick={onChoose}
      >
        {buttonLabel}
      </Button>
    </article>
  )
}
