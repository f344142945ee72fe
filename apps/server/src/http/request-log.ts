/**
 * The level a finished request is logged at: once, at debug, unless it failed on our side. A 503
 * is no failure of ours: a feature this server is not configured for (the msg_*_not_configured
 * answers) or a server shutting down, so it is logged at info.
 */
export function requestLogLevel(status: number): 'error' | 'info' | 'debug' {
  if (status === 503) return 'info'
  return status >= 500 ? 'error' : 'debug'
}
