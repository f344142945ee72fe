import { AppError } from './app-error'

/** How a body stream ends when its client goes: the connection reset, the stream cut short. */
const CUT_OFF = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'])

/**
 * An error met while reading a request's multipart body, as the error handler should take it.
 * The parser's own errors carry no code (busboy: "Unexpected end of multipart data", "Boundary
 * not found"), and a body cut off by its client (a closed tab, the request timeout) is no fault
 * of ours either: both become a 400, answered and logged like malformed JSON. Our answers
 * (AppError), the multipart limits (FST_*) and the server's own failures (a full disk) stay.
 */
export function asBodyError(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof AppError) return err
  const code = (err as NodeJS.ErrnoException).code
  if (code !== undefined && !CUT_OFF.has(code)) return err
  return Object.assign(new Error('unreadable request body', { cause: err }), {
    statusCode: 400,
  })
}
