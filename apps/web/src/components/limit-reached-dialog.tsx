import { PLANS, UI_TEXT } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { Gauge, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useLogout } from '../lib/session'
import { Dialog } from './ui/dialog'
import { Button, buttonClass } from './ui/button'
import './app.css'

/** The reset date: the subscription period end, or 'the end of the month' (SPEC section 2). */
export function resetDateText(currentPeriodEnd: string | null | undefined): string {
  if (currentPeriodEnd) {
    const date = new Date(currentPeriodEnd)
    if (!Number.isNaN(date.getTime())) {
      return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
    }
  }
  return UI_TEXT.endOfMonth
}

/** The modal of /format when the month's videos are used up; it cannot be dismissed. */
export function LimitReachedDialog({ user }: { user: UserData | null }) {
  const plan = user?.subscription.type ?? 'FREE'
  const limit = PLANS[plan].monthlyVideoLimit
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)
  return (
    <Dialog
      open
      dismissible={false}
      icon={<Gauge size={30} aria-hidden="true" />}
      title={UI_TEXT.videoLimitReachedTitle}
      description={
        <>
          You have used all <strong>{limit}</strong> videos of your {PLANS[plan].label} plan this
          month. Your limit resets on{' '}
          <strong>{resetDateText(user?.subscription.currentPeriodEnd)}</strong>.
        </>
      }
    >
      <Link to="/plan" className={buttonClass('primary', 'lg', 'btn--block')}>
        <Sparkles size={18} aria-hidden="true" />
        Upgrade Plan
      </Link>
      {/* The dialog covers the header: keep a way out. */}
      <Button
        variant="ghost"
        block
        className="limit-dialog__logout"
        loading={leaving}
        onClick={() => {
          setLeaving(true)
          void logout()
        }}
      >
        Log Out
      </Button>
    </Dialog>
  )
}
