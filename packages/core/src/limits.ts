/** Business constants and timings of SPEC section 9. */

export const CODE_LENGTH = 6
export const CODE_TTL_MS = 10 * 60 * 1000
/** A code stops working after this many wrong tries. */
export const CODE_MAX_ATTEMPTS = 5

export const UPLOAD_RULES = {
  acceptedTypes: ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif', 'video/mp4'],
  acceptedExtensions: ['.png', '.jpeg', '.jpg', '.webp', '.gif', '.mp4'],
  maxBytes: 50 * 1024 * 1024,
  /**
   * Pictures with more pixels are refused from their header, before any decoding: 40 MP is
   * 160 MB as RGBA, room for any phone photo (12-24 MP by default) and most cameras, while a
   * 65 KB PNG may claim 537 MP (2 GB).
   */
  maxImagePixels: 40_000_000,
  /** Clips beyond 4K on either side, or longer than 10 minutes, are refused from ffprobe. */
  maxVideoSide: 4096,
  maxVideoSeconds: 10 * 60,
  /** All files of one upload request together: 20 phone photos and a few clips. */
  maxRequestBytes: 200 * 1024 * 1024,
} as const

/**
 * The user's own music (issue 34): the four common audio formats, by what browsers call them
 * (M4A is 'audio/mp4' or 'audio/x-m4a', WAV 'audio/wav' or 'audio/x-wav'). A music bed needs
 * no more than 20 MB (ten minutes of 256 kb/s MP3); ffprobe refuses anything past 10 minutes.
 */
export const AUDIO_UPLOAD_RULES = {
  acceptedTypes: [
    'audio/mpeg',
    'audio/mp3',
    'audio/mp4',
    'audio/x-m4a',
    'audio/m4a',
    'audio/aac',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/vnd.wave',
    'audio/ogg',
  ],
  acceptedExtensions: ['.mp3', '.m4a', '.wav', '.ogg'],
  maxBytes: 20 * 1024 * 1024,
  maxSeconds: 10 * 60,
} as const

/**
 * Whether a picked file looks like audio the server takes, before sending it: its extension
 * and size (a browser's type for audio varies, and some give none; the server checks the bytes).
 */
export function isAcceptedAudio(file: { type: string; size: number; name: string }): boolean {
  const name = file.name.toLowerCase()
  const typeFits =
    file.type === '' || (AUDIO_UPLOAD_RULES.acceptedTypes as readonly string[]).includes(file.type)
  return (
    typeFits &&
    AUDIO_UPLOAD_RULES.acceptedExtensions.some((ext) => name.endsWith(ext)) &&
    file.size <= AUDIO_UPLOAD_RULES.maxBytes
  )
}

export function isAcceptedUpload(file: { type: string; size: number; name: string }): boolean {
  const name = file.name.toLowerCase()
  return (
    (UPLOAD_RULES.acceptedTypes as readonly string[]).includes(file.type) &&
    UPLOAD_RULES.acceptedExtensions.some((ext) => name.endsWith(ext)) &&
    file.size <= UPLOAD_RULES.maxBytes
  )
}

export const TIMINGS = {
  userDataTtlMs: 60 * 60 * 1000,
  renderPollMs: 2000,
  queuePollMs: 5000,
  audioPreviewCooldownMs: 3000,
  searchDebounceMs: 300,
  thumbnailCacheMs: 15 * 60 * 1000,
  longPressMs: 400,
  toastMs: 6000,
} as const

export const MEDIA_PAGE_SIZE = 21
export const DEFAULT_RESOLUTION = '1080p'

export const TEXT_BOX_MIN = { width: 50, height: 30 } as const

/** Dragged text positions stay inside the frame. */
export function clampPosition(percent: number): number {
  return Math.min(100, Math.max(0, percent))
}

/**
 * Longest side of a movie; 4K and above is out of scope for short social videos. Here rather
 * than beside MovieParamsSchema because effect params (text boxes, font sizes) are bounded by it
 * too, and effects load before compositions.
 */
export const MAX_MOVIE_SIDE = 3840

/** Longest slide we accept (the product makes short videos); effect timings stay within it. */
export const MAX_SLIDE_SECONDS = 60
