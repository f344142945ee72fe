import { describe, expect, it } from 'vitest'
import {
  AUDIO_UPLOAD_RULES,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  DEFAULT_RESOLUTION,
  UPLOAD_RULES,
  clampPosition,
  isAcceptedAudio,
  isAcceptedUpload,
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

describe('DEFAULT_RESOLUTION', () => {
  it("is '1080p'", () => {
    expect(DEFAULT_RESOLUTION).toBe('1080p')
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

describe('isAcceptedAudio', () => {
  it('accepts MP3, M4A, WAV and OGG by extension, with the types browsers give them', () => {
    const files = [
      { name: 'a.mp3', type: 'audio/mpeg' },
      { name: 'a.M4A', type: 'audio/x-m4a' },
      { name: 'a.m4a', type: 'audio/mp4' },
      { name: 'a.wav', type: 'audio/wav' },
      { name: 'a.wav', type: 'audio/x-wav' },
      { name: 'a.ogg', type: 'audio/ogg' },
      { name: 'a.ogg', type: '' },
    ]
    for (const file of files) expect(isAcceptedAudio({ ...file, size: 1000 }), file.name).toBe(true)
  })

  it('refuses other files and anything over 20 MB', () => {
    expect(isAcceptedAudio({ name: 'a.flac', type: 'audio/flac', size: 10 })).toBe(false)
    expect(isAcceptedAudio({ name: 'a.mp4', type: 'video/mp4', size: 10 })).toBe(false)
    expect(isAcceptedAudio({ name: 'a.mp3', type: 'image/png', size: 10 })).toBe(false)
    expect(AUDIO_UPLOAD_RULES.maxBytes).toBe(20 * MB)
    expect(isAcceptedAudio({ name: 'a.mp3', type: 'audio/mpeg', size: 20 * MB })).toBe(true)
    expect(isAcceptedAudio({ name: 'a.mp3', type: 'audio/mpeg', size: 20 * MB + 1 })).toBe(false)
  })
})
