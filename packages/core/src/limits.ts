/** Business constants and timings of SPEC section 9. */

export const CODE_LENGTH = 6
export const CODE_TTL_MS = 10 * 60 * 1000
/** A code stops working after this many wrong tries. */
export const CODE_MAX_ATTEMPTS = 5

export const UPLOAD_RULES = {
  acceptedTypes: ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif', 'video/mp4'],
  acceptedExtensions: ['.png', '.jpeg', '.jpg', '.webp', '.gif', '.mp4'],
  maxBytes: 50 * 1024 * 1024,
} as const

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

/** Slider ranges of the effect panel (SPEC section 5). */
export interface SliderRange {
  min: number
  max: number
  step: number
}

export const DEFAULT_SLIDER: SliderRange = { min: 0, max: 100, step: 1 }

export const SLIDER_RANGES: Record<string, SliderRange> = {
  fadeInDuration: { min: 0, max: 10, step: 0.1 },
  fadeOutDuration: { min: 0, max: 10, step: 0.1 },
  fontSize: { min: 10, max: 150, step: 1 },
  startPositionX: { min: -100, max: 200, step: 10 },
  startPositionY: { min: -100, max: 200, step: 10 },
  endPositionX: { min: -50, max: 200, step: 1 },
  endPositionY: { min: -50, max: 200, step: 1 },
  zoomStart: { min: 0, max: 200, step: 1 },
  zoomEnd: { min: 0, max: 200, step: 1 },
  amount: { min: 0, max: 100, step: 1 },
}

export function sliderRange(param: string): SliderRange {
  return SLIDER_RANGES[param] ?? DEFAULT_SLIDER
}

export const TEXT_BOX_MIN = { width: 50, height: 30 } as const

/** Dragged text positions stay inside the frame. */
export function clampPosition(percent: number): number {
  return Math.min(100, Math.max(0, percent))
}
