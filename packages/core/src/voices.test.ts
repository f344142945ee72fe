import { describe, expect, it } from 'vitest'
import { DEFAULT_VOICE, VOICES } from './voices'

describe('VOICES', () => {
  it('offers six voices (Off is separate), the first being the male default', () => {
    expect(VOICES).toHaveLength(6)
    expect(VOICES[0].id).toBe(DEFAULT_VOICE)
    expect(VOICES[0].gender).toBe('male')
  })

  it('has unique ids and names', () => {
    expect(new Set(VOICES.map((v) => v.id)).size).toBe(6)
    expect(new Set(VOICES.map((v) => v.name)).size).toBe(6)
  })
})
