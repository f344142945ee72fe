import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { toast } from './ui/toast'

/** Leaves a page its guard refuses, saying why when there is something to say. */
export function RedirectWithError({ to, error }: { to: string; error?: string }) {
  useEffect(() => {
    if (error) toast.error(error, to)
  }, [error, to])
  return <Navigate to={to} replace />
}
