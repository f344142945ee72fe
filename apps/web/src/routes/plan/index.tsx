import { PLANS, UI_TEXT, messageText } from '@storyreel/core'
import type { PaidPlan } from '@storyreel/core'
import { useMutation } from '@tanstack/react-query'
import { PlugZap } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { toast } from '../../components/ui/toast'
import { billingErrorText, checkoutUrl, useBillingConfig } from '../../lib/billing'
import { useUserData } from '../../lib/user-data'
import { PaymentReturnDialog } from './payment-return-dialog'
import { PlanCard } from './plan-card'
import { PAID_PLANS, planButtonLabel, readPlanParam } from './plan-text'
import './plan.css'

/**
 * /plan: the Starter and Pro cards, the one picked before signing up (`?plan=`) brought forward.
 * A card's button goes to Stripe's Checkout, or to the billing portal for a paid plan holder;
 * back from checkout, `?session_id=` says how the payment went.
 */
export function Component() {
  const [params, setParams] = useSearchParams()
  const picked = readPlanParam(params.get('plan'))
  const sessionId = params.get('session_id')
  const subscription = useUserData()?.subscription
  const current = subscription?.type ?? 'FREE'
  const hasCustomer = Boolean(subscription?.stripeCustomerId)
  const billingConfig = useBillingConfig()
  const configured = billingConfig.data?.configured
  // Set once the browser is on its way to Stripe, until it comes back (from the back-forward cache).
  const [leaving, setLeaving] = useState<PaidPlan | null>(null)

  const choose = useMutation({
    mutationFn: checkoutUrl,
    onSuccess: (url, plan) => {
      setLeaving(plan)
      window.location.assign(url)
    },
    onError: (error) => toast.error(billingErrorText(error, UI_TEXT.errorCreatingPayment)),
  })

  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null)
    }
    window.addEventListener('pageshow', back)
    return () => window.removeEventListener('pageshow', back)
  }, [])

  if (picked === 'invalid') return <Navigate to="/plan" replace />

  function closePayment() {
    setParams(
      (next) => {
        next.delete('session_id')
        return next
      },
      { replace: true },
    )
  }

  const busy = leaving ?? (choose.isPending ? choose.variables : null)
  const free = PLANS.FREE

  return (
    <>
      <title>Plans · Storyreel</title>
      <div className="plans__intro">
        <PageHeader
          title="Choose your plan"
          subtitle={
            current === 'FREE'
              ? `You are on the ${free.label} plan, with ${free.monthlyVideoLimit} videos a month. Upgrade for more videos, more room for your media, and premium support.`
              : `You are on the ${PLANS[current].label} plan. Change or cancel it any time.`
          }
        />
      </div>
      {configured === false ? (
        <div className="plans__notice" role="status">
          <span className="plans__notice-icon" aria-hidden="true">
            <PlugZap size={22} />
          </span>
          <div>
            <p className="plans__notice-title">{messageText('msg_billing_not_configured')}</p>
            <p className="plans__notice-text">
              Plans cannot be bought here. The person who runs this server can set your plan.
            </p>
          </div>
        </div>
      ) : null}
      <ul className="plans" aria-label="Plans">
        {PAID_PLANS.map((type) => {
          const label = planButtonLabel(type, current, hasCustomer)
          return (
            <li key={type}>
              <PlanCard
                type={type}
                current={type === current}
                highlighted={type === picked}
                // The notice above the cards comes with the answer: scroll once it is in place.
                settled={!billingConfig.isPending}
                buttonLabel={label}
                disabled={configured === false || label === 'Your current plan'}
                loading={busy === type}
                onChoose={() => choose.mutate(type)}
              />
            </li>
          )
        })}
      </ul>
      <p className="plans__note">
        Prices in US dollars, billed monthly by Stripe. A paid plan&apos;s videos count from each
        billing date.
      </p>

      {sessionId ? <PaymentReturnDialog sessionId={sessionId} onClose={closePayment} /> : null}
    </>
  )
}
