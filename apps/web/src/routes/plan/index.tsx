import { PLAN_ORDER } from '@storyreel/core'
import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { useUserData } from '../../lib/user-data'
import { PaymentReturnDialog } from './payment-return-dialog'
import { PlanCard } from './plan-card'
import { readPlanParam } from './plan-text'
import './plan.css'

/**
 * /plan: the three plans, the user's own marked, and the one picked before signing up
 * (`?plan=`) brought forward; back from checkout, how the payment went (`?session_id=`).
 */
export function Component() {
  const [params, setParams] = useSearchParams()
  const picked = readPlanParam(params.get('plan'))
  const sessionId = params.get('session_id')
  const current = useUserData()?.subscription.type ?? 'FREE'
  const [notice, setNotice] = useState(false)

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

  return (
    <>
      <title>Plans · Storyreel</title>
      <PageHeader
        title="Choose your plan"
        subtitle="More videos every month, more room for your media, and help when you need it."
      />
      <ul className="plans" aria-label="Plans">
        {PLAN_ORDER.map((type) => (
          <li key={type}>
            <PlanCard
              type={type}
              current={type === current}
              highlighted={type === picked}
              // Checkout comes with billing; until then every plan button says so.
              onChoose={() => setNotice(true)}
            />
          </li>
        ))}
      </ul>
      <p className="plans__note">Prices in US dollars. Video limits start again every month.</p>

      <Dialog
        open={notice}
        onOpenChange={setNotice}
        icon={<CreditCard size={30} aria-hidden="true" />}
        title="Payments unavailable"
        description="Payments are not configured on this server."
      >
        <Button size="lg" block onClick={() => setNotice(false)}>
          OK
        </Button>
      </Dialog>
      {sessionId ? <PaymentReturnDialog sessionId={sessionId} onClose={closePayment} /> : null}
    </>
  )
}
