import { UI_TEXT, logApi } from '@storyreel/core'
import { useEffect } from 'react'
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router'
import { callApi } from '../lib/api'
import { FullPageMessage } from './full-page'
import { Button } from './ui/button'
import { toast } from './ui/toast'

/** Best effort: an uncaught error is reported to the server's log. */
function reportError(error: unknown) {
  const payload =
    error instanceof Error
      ? { message: error.message, stack: error.stack ?? null, url: window.location.href }
      : { message: String(error), stack: null, url: window.location.href }
  callApi(logApi.error, { body: { error: payload } }).catch(() => undefined)
}

/** Uncaught render errors: the red toast, a report to the server, and a way back. */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const notFound = isRouteErrorResponse(error) && error.status === 404

  useEffect(() => {
    if (notFound) return
    toast.error(UI_TEXT.unexpected)
    reportError(error)
  }, [error, notFound])

  return (
    <FullPageMessage
      title={notFound ? 'Page not found' : 'Something went wrong'}
      text={notFound ? 'This page does not exist (yet).' : UI_TEXT.unexpected}
      action={<Button onClick={() => void navigate('/format')}>Back to start</Button>}
    />
  )
}
