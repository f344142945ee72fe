import { PLANS, UI_TEXT } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { Clapperboard, Gauge, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { limitReset } from '../lib/limit-reset'
import { Dialog } from './ui/dialog'
import { buttonClass } from './ui/button'
import './app.css'

/**
 * The modal of /format when the month's videos are used up. Closing it leaves the user on /format,
 * where no new video can be started until the limit resets.
 */
export function LimitReachedDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserData | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const plan = user?.subscription.type ?? 'FREE'
  const limit = PLANS[plan].monthlyVideoLimit
  const reset = limitReset(user?.subscription)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<Gauge size={30} aria-hidden="true" />}
      title={UI_TEXT.videoLimitReachedTitle}
      description={
        <>
          You have used all <strong>{limit}</strong> videos of your {PLANS[plan].label} plan this{' '}
          {reset.span}. Your limit resets {reset.span === 'month' ? 'at' : 'on'}{' '}
          <strong>{reset.date}</strong>.
        </>
      }
    >
      <div className="limit-dialog__actions">
        <Link to="/plan" className={buttonClass('primary', 'lg', 'btn--block')}>
          <Sparkles size={18} aria-hidden="true" />
          Upgrade Plan
        </Link>
        <Link to="/queue" className={buttonClass('secondary', 'lg', 'btn--block')}>
          <Clapperboard size={18} aria-hidden="true" />
          See your videos
        </Link>
      </div>
    </Dialog>
  )
}
