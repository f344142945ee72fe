import { UI_TEXT, limitPeriod } from '@storyreel/core'
import type { Subscription } from '@storyreel/core'

/**
 * When the video limit starts again (SPEC section 2): the end of the subscription period it
 * counts over, or 'the end of the month' for FREE and for a plan without a period (core's
 * limitPeriod decides which).
 */
export function limitReset(
  subscription: Subscription | undefined,
  now = new Date(),
): { span: 'month' | 'billing period'; date: string } {
  const end = subscription?.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null
  const period = limitPeriod(
    now,
    subscription?.type ?? 'FREE',
    end && !Number.isNaN(end.getTime()) ? end : null,
  )
  if (period.kind === 'month') return { span: 'month', date: UI_TEXT.endOfMonth }
  const date = period.end.toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })
  return { span: 'billing period', date }
}
