import { UI_TEXT, logApi } from '@storyreel/core'
import { toast } from '../components/ui/toast'
import { callApi } from './api'

/** The error's own message when it has one (SPEC section 8: uncaught errors in the toast). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return UI_TEXT.unexpected
}

/** Best effort: an uncaught error is reported to the server's log. */
export function reportError(error: unknown): void {
  const payload =
    error instanceof Error
      ? { message: error.message, stack: error.stack ?? null, url: window.location.href }
      : { message: String(error), stack: null, url: window.location.href }
  callApi(logApi.error, { body: { error: payload } }).catch(() => undefined)
}

/** Shows an uncaught error in the red toast and reports it. */
export function showUncaught(error: unknown): void {
  toast.error(errorMessage(error))
  reportError(error)
}

/**
 * Errors no code caught, thrown in an event handler or a timer, or a promise nobody awaited:
 * React's error boundary never sees them.
 */
export function catchUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an <img>) is not a thrown error.
    if (event.error !== undefined || event.message) showUncaught(event.error ?? event.message)
  })
  window.addEventListener('unhandledrejection', (event) => showUncaught(event.reason))
}
