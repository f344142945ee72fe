import { UI_TEXT } from '@storyreel/core'
import { useEffect } from 'react'
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router'
import { showUncaught } from '../lib/report-error'
import { FullPageMessage } from './full-page'
import { Button } from './ui/button'

/** Uncaught render errors: the red toast, a report to the server, and a way back. */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const notFound = isRouteErrorResponse(error) && error.status === 404

  useEffect(() => {
    if (notFound) return
    showUncaught(error)
  }, [error, notFound])

  return (
    <FullPageMessage
      title={notFound ? 'Page not found' : 'Something went wrong'}
      text={notFound ? 'This page does not exist (yet).' : UI_TEXT.unexpected}
      action={<Button onClick={() => void navigate('/format')}>Back to start</Button>}
    />
  )
}
