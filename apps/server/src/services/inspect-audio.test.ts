import { describe, expect, it } from 'vitest'
import { audioSeconds } from './inspect-audio'

const audio = { codec_type: 'audio' }

describe('audioSeconds', () => {
  it('takes music of up to ten minutes, with or without an album cover', () => {
    expect(audioSeconds({ streams: [audio], format: { duration: '183.5' } })).toBe(183.5)
    const cover = { codec_type: 'video', disposition: { attached_pic: 1 } }
    expect(audioSeconds({ streams: [audio, cover], format: { duration: '600' } })).toBe(600)
  })

  it('refuses a picture track, no audio, no length, or more than ten minutes', () => {
    const video = { codec_type: 'video', disposition: { attached_pic: 0 } }
    expect(audioSeconds({ streams: [audio, video], format: { duration: '5' } })).toBeNull()
    expect(audioSeconds({ streams: [video], format: { duration: '5' } })).toBeNull()
    expect(audioSeconds({ streams: [audio], format: {} })).toBeNull()
    expect(audioSeconds({ streams: [audio], format: { duration: 'N/A' } })).toBeNull()
    expect(audioSeconds({ streams: [audio], format: { duration: '0' } })).toBeNull()
    expect(audioSeconds({ streams: [audio], format: { duration: '600.1' } })).toBeNull()
    expect(audioSeconds({})).toBeNull()
  })
})
