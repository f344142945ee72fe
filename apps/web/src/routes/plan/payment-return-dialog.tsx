import { UI_TEXT } from '@storyreel/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, CircleX, Clock, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { sessionKey, videoLimitKey } from '../../lib/session'
import { fetchPaymentStatus, paymentStatusText } from './payment-status'

/** What the dialog shows for each answer: an icon and a title above the spec's text. */
function look(status: string | undefined, failed: boolean) {
  if (failed) return { icon: <TriangleAlert size={30} />, title: 'Payment status unknown' }
  if (status === undefined) return { icon: <Spinner size={28} />, title: 'Checking your payment' }
  if (status === 'SUCCEEDED') return { icon: <CircleCheck size={30} />, title: 'You are all set' }
  if (status === 'PENDING') return { icon: <Clock size={30} />, title: 'Payment in progress' }
  return { icon: <CircleX size={30} />, title: 'Payment not completed' }
}

/** Back from checkout with `?session_id=`: how the payment went (SPEC sections 2 and 8). */
export function PaymentReturnDialog({
  sessionId,
  onClose,
}: {
  sessionId: string
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const payment = useQuery({
    queryKey: ['checkout-session', sessionId],
    queryFn: () => fetchPaymentStatus(sessionId),
    retry: false,
    staleTime: Infinity,
  })

  // A new plan changes the user's data and their video limit: ask the server again.
  const succeeded = payment.data === 'SUCCEEDED'
  useEffect(() => {
    if (!succeeded) return
    void queryClient.invalidateQueries({ queryKey: sessionKey })
    void queryClient.invalidateQueries({ queryKey: videoLimitKey })
  }, [succeeded, queryClient])

  const { icon, title } = look(payment.data, payment.isError)
  const text = payment.isError
    ? UI_TEXT.errorPaymentStatus
    : payment.data === undefined
      ? 'One moment while we confirm your payment.'
      : paymentStatusText(payment.data)

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      icon={<span aria-hidden="true">{icon}</span>}
      title={title}
      description={<span aria-live="polite">{text}</span>}
    >
      <Button size="lg" block onClick={onClose} disabled={payment.isPending}>
        Continue
      </Button>
    </Dialog>
  )
}
