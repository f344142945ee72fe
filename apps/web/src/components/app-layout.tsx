import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { ApiError, onSessionFailure } from '../lib/api'
import { useLogout, useSession } from '../lib/session'
import { useFocusOnNavigate } from '../lib/use-focus-on-navigate'
import { getUserData, useUserData } from '../lib/user-data'
import { AppHeader } from './app-header'
import { FooterNav } from './footer-nav'
import { FullPageMessage, Splash } from './full-page'
import { showsTabBar } from './nav-items'
import { Button } from './ui/button'
import { toast } from './ui/toast'
import './app.css'

/**
 * The signed-in part of the app: checks the session on load, sends strangers to /signin, and
 * logs out when any call says the session is gone (SPEC section 4, Logout).
 */
export function AppLayout() {
  const user = useUserData()
  const session = useSession()
  const logout = useLogout()
  const tabBar = showsTabBar(useLocation().pathname)
  useFocusOnNavigate('main')

  useEffect(
    () =>
      onSessionFailure((error) => {
        // A visitor who never signed in is just sent to /signin, without an error.
        if (getUserData()) toast.error(error.message, '/signin')
        void logout({ callServer: false })
      }),
    [logout],
  )

  // No session: an answer that says so, or a 401 (its message code also reaches the listener).
  const signedOut =
    (session.data !== undefined && !session.data.isAuthenticated) ||
    (session.error instanceof ApiError && session.error.status === 401)
  useEffect(() => {
    if (signedOut) void logout({ callServer: false })
  }, [signedOut, logout])

  const verified = session.data?.isAuthenticated === true
  // Stored user data lets the page show at once while the session is checked.
  const trusted = verified || (user !== null && !signedOut)

  if (!trusted) {
    if (session.isError && !signedOut) {
      return (
        <FullPageMessage
          title="We can't reach Storyreel"
          text={session.error.message}
          action={
            <Button onClick={() => void session.refetch()} loading={session.isFetching}>
              Try again
            </Button>
          }
        />
      )
    }
    return <Splash />
  }

  return (
    <div className={tabBar ? 'app-shell app-shell--tab-bar' : 'app-shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader user={user ?? session.data?.userData ?? null} />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {tabBar ? <FooterNav placement="tab-bar" /> : null}
    </div>
  )
}
