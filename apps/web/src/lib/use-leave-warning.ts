import { useEffect } from 'react'

/**
 * Asks before a reload or a closed tab throws away what only this page holds (files picked but
 * not uploaded live in memory: a browser cannot keep them across a reload). Moves within the app
 * keep them, so only leaving the page warns.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}
