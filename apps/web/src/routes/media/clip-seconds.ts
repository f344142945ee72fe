/** Reading a clip's header takes a moment; past this its length is taken as unknown. */
const TIMEOUT_MS = 10_000

/**
 * A clip's length in seconds, read by the browser from the file's header (only its first bytes
 * are fetched); null when it cannot be read.
 */
export function clipSeconds(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    const done = (seconds: number | null) => {
      clearTimeout(timer)
      video.onloadedmetadata = null
      video.onerror = null
      // Stops the download.
      video.removeAttribute('src')
      video.load()
      resolve(seconds)
    }
    const timer = setTimeout(() => done(null), TIMEOUT_MS)
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null)
    video.onerror = () => done(null)
    video.muted = true
    video.preload = 'metadata'
    video.src = url
  })
}
