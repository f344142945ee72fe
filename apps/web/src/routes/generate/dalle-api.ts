import { ApiError } from '../../lib/api'

/**
 * The server cannot make images: it has no such call (404) or no key for the image model
 * (msg_ai_not_configured, like the stock providers' msg_stock_not_configured).
 */
export function isGenerationUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.code?.endsWith('_not_configured') ?? false))
  )
}
