import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Splash } from '../components/full-page'
import { RedirectWithError } from '../components/redirect'
import { resetCsrfToken } from '../lib/api'
import { sessionKey } from '../lib/session'
import { setUserData } from '../lib/user-data'
import { readAuthCallback } from './auth-callback-params'

/**
 * /auth-callback: where a third-party sign-in comes back (SPEC section 4). The server has set the
 * session cookie; the user's data comes in the query and is kept as after a code sign-in.
 */
export function Component() {
  const [params] = useSearchParams()
  // Read once, as the page was opened.
  const [result] = useState(() => readAuthCallback(params))
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  useEffect(() => {
    if ('error' in result) return
    setUserData(result.user)
    // A new session: its CSRF token and its check differ from any before it.
    resetCsrfToken()
    queryClient.removeQueries({ queryKey: sessionKey })
    void navigate(result.next, { replace: true })
  }, [result, queryClient, navigate])

  if ('error' in result) return <RedirectWithError to="/signin" error={result.error} />
  return <Splash />
}
