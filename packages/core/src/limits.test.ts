import { describe, expect, it } from 'vitest'
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  DEFAULT_RESOLUTION,
  MEDIA_PAGE_SIZE,
  SLIDER_RANGES,
  TEXT_BOX_MIN,
  TIMINGS,
  UPLOAD_RULES,
  clampPosition,
  isAcceptedUpload,
  sliderRange,
} from './limits'

const MB = 1024 * 1024

describe('sign-in code', () => {
  it('is 6 digits, valid 10 minutes, for 5 attempts', () => {
    expect(CODE_LENGTH).toBe(6)
    expect(CODE_TTL_MS).toBe(10 * 60 * 1000)
    expect(CODE_MAX_ATTEMPTS).toBe(5)
  })
})

describe('UPLOAD_RULES', () => {
  it('accepts exactly the spec types and extensions, up to 50 MB', () => {
    expect([...UPLOAD_RULES.acceptedTypes].sort()).toEqual(
      ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif', 'video/mp4'].sort(),
    )
    expect([...UPLOAD_RULES.acceptedExtensions].sort()).toEqual(
      ['.png', '.jpeg', '.jpg', '.webp', '.gif', '.mp4'].sort(),
    )
    expect(UPLOAD_RULES.maxBytes).toBe(50 * MB)
  })
})

describe('isAcceptedUpload', () => {
  it('accepts every spec type with its extension', () => {
    const files = [
      { name: 'a.png', type: 'image/png' },
      { name: 'a.jpeg', type: 'image/jpeg' },
      { name: 'a.jpg', type: 'image/jpg' },
      { name: 'a.jpg', type: 'image/jpeg' },
      { name: 'a.webp', type: 'image/webp' },
      { name: 'a.gif', type: 'image/gif' },
      { name: 'a.mp4', type: 'video/mp4' },
    ]
    for (const file of files)
      expect(isAcceptedUpload({ ...file, size: 1000 }), file.name).toBe(true)
  })

  it("accepts '.png' with type image/png", () => {
    expect(isAcceptedUpload({ name: '.png', type: 'image/png', size: 10 })).toBe(true)
    expect(isAcceptedUpload({ name: 'photo.PNG', type: 'image/png', size: 10 })).toBe(true)
  })

  it('accepts 50 MB exactly and rejects one byte more', () => {
    expect(isAcceptedUpload({ name: 'a.mp4', type: 'video/mp4', size: 50 * MB })).toBe(true)
    expect(isAcceptedUpload({ name: 'a.mp4', type: 'video/mp4', size: 50 * MB + 1 })).toBe(false)
  })

  it('rejects other types', () => {
    expect(isAcceptedUpload({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe(false)
    expect(isAcceptedUpload({ name: 'a.png', type: 'text/plain', size: 10 })).toBe(false)
    expect(isAcceptedUpload({ name: 'a.mov', type: 'video/quicktime', size: 10 })).toBe(false)
    expect(isAcceptedUpload({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe(false)
    expect(isAcceptedUpload({ name: 'a.png', type: '', size: 10 })).toBe(false)
  })

  it('rejects an accepted type with a foreign extension', () => {
    expect(isAcceptedUpload({ name: 'a.exe', type: 'image/png', size: 10 })).toBe(false)
    expect(isAcceptedUpload({ name: 'png', type: 'image/png', size: 10 })).toBe(false)
  })
})

describe('TIMINGS', () => {
  it('has the spec durations', () => {
    expect(TIMINGS).toEqual({
      userDataTtlMs: 60 * 60 * 1000,
      renderPollMs: 2 * 1000,
      queuePollMs: 5 * 1000,
      audioPreviewCooldownMs: 3 * 1000,
      searchDebounceMs: 300,
      thumbnailCacheMs: 15 * 60 * 1000,
      longPressMs: 400,
      toastMs: 6 * 1000,
    })
  })
})

describe('other constants', () => {
  it('media pages hold 21 items', () => {
    expect(MEDIA_PAGE_SIZE).toBe(21)
  })

  it("the default resolution is '1080p'", () => {
    expect(DEFAULT_RESOLUTION).toBe('1080p')
  })

  it('a text box is at least 50 wide and 30 high', () => {
    expect(TEXT_BOX_MIN).toEqual({ width: 50, height: 30 })
  })
})

describe('slider ranges (SPEC section 5)', () => {
  it('fade durations go 0 to 10 in steps of 0.1', () => {
    expect(sliderRange('fadeInDuration')).toEqual({ min: 0, max: 10, step: 0.1 })
    expect(sliderRange('fadeOutDuration')).toEqual({ min: 0, max: 10, step: 0.1 })
  })

  it('fontSize goes 10 to 150', () => {
    expect(sliderRange('fontSize')).toMatchObject({ min: 10, max: 150 })
  })

  it('start positions go -100 to 200 in steps of 10', () => {
    expect(sliderRange('startPositionX')).toEqual({ min: -100, max: 200, step: 10 })
    expect(sliderRange('startPositionY')).toEqual({ min: -100, max: 200, step: 10 })
  })

  it('end positions go -50 to 200', () => {
    expect(sliderRange('endPositionX')).toMatchObject({ min: -50, max: 200 })
    expect(sliderRange('endPositionY')).toMatchObject({ min: -50, max: 200 })
  })

  it('zoomStart and zoomEnd go 0 to 200', () => {
    expect(sliderRange('zoomStart')).toMatchObject({ min: 0, max: 200 })
    expect(sliderRange('zoomEnd')).toMatchObject({ min: 0, max: 200 })
  })

  it('amount goes 0 to 100', () => {
    expect(sliderRange('amount')).toMatchObject({ min: 0, max: 100 })
  })

  it('other numbers go 0 to 100 in steps of 1', () => {
    expect(sliderRange('other')).toEqual({ min: 0, max: 100, step: 1 })
    expect(sliderRange('noiseAmount')).toEqual({ min: 0, max: 100, step: 1 })
    expect(sliderRange('')).toEqual({ min: 0, max: 100, step: 1 })
  })

  it('every range is well formed', () => {
    for (const [name, range] of Object.entries(SLIDER_RANGES)) {
      expect(range.min, name).toBeLessThan(range.max)
      expect(range.step, name).toBeGreaterThan(0)
    }
  })
})

describe('clampPosition', () => {
  it('keeps a dragged position within 0-100 percent', () => {
    expect(clampPosition(-5)).toBe(0)
    expect(clampPosition(0)).toBe(0)
    expect(clampPosition(42.5)).toBe(42.5)
    expect(clampPosition(100)).toBe(100)
    expect(clampPosition(180)).toBe(100)
  })
})
