import * as Popover from '@radix-ui/react-popover'
import { UI_TEXT } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { ChevronDown, CreditCard, LogOut } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { openBillingPortal } from '../lib/billing'
import { useLogout } from '../lib/session'
import { Avatar } from './avatar'
import { Spinner } from './ui/spinner'
import { toast } from './ui/toast'
import './app.css'
import './ui/ui.css'

/**
 * The avatar button of the header and its popover: name, the plan line (the billing portal, or
 * /plan), Log Out.
 */
export function ProfileMenu({ user }: { user: UserData }) {
  const [open, setOpen] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const logout = useLogout()
  const navigate = useNavigate()
  const plan = user.subscription.type ?? 'FREE'
  const [opening, setOpening] = useState(false)

  /** The billing portal for a user with a billing customer, else /plan (SPEC section 2). */
  async function openPlan() {
    if (!user.subscription.stripeCustomerId) {
      setOpen(false)
      void navigate('/plan')
      return
    }
    setOpening(true)
    try {
      await openBillingPortal()
    } catch (error) {
      setOpening(false)
      toast.error(error instanceof Error ? error.message : UI_TEXT.errorOpeningPortal)
    }
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* Named by its content, not aria-label: axe holds a label to contain the visible text. */}
      <Popover.Trigger className="profile-trigger">
        <span className="visually-hidden">Your profile</span>
        <Avatar name={user.name} picture={user.profilePicture} size={36} />
        <ChevronDown className="profile-trigger__chevron" size={16} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover-card profile-menu"
          align="end"
          sideOffset={10}
          collisionPadding={12}
        >
          <div className="profile-menu__head">
            <Avatar name={user.name} picture={user.profilePicture} size={48} />
            <div className="profile-menu__who">
              <p className="profile-menu__name">{user.name}</p>
            </div>
          </div>
          <div className="profile-menu__items">
            <button
              type="button"
              className="profile-menu__item"
              disabled={opening}
              aria-busy={opening || undefined}
              onClick={() => void openPlan()}
            >
              {opening ? <Spinner size={18} /> : <CreditCard size={18} aria-hidden="true" />}
              <span>Your Plan: {plan}</span>
            </button>
            <button
              type="button"
              className="profile-menu__item profile-menu__item--danger"
              disabled={leaving}
              onClick={() => {
                setLeaving(true)
                void logout()
              }}
            >
              <LogOut size={18} aria-hidden="true" />
              <span>Log Out</span>
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
