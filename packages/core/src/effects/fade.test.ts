import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, EFFECT_PRESETS, newEffect } from './index'
import { FADE_PRESETS } from './fade'

describe('fade', () => {
  it('a new fade is 0.3 in and 0.2 out', () => {
    expect(newEffect('fade').params).toEqual({ fadeInDuration: 0.3, fadeOutDuration: 0.2 })
    expect(EFFECT_DEFAULTS.fade).toEqual({ fadeInDuration: 0.3, fadeOutDuration: 0.2 })
  })

  it('offers Default 0.3/0.2, Slow 1/1, Quick 0.1/0.1, Dramatic 2/2, in that order', () => {
    expect(FADE_PRESETS).toEqual([
      { name: 'Default', params: { fadeInDuration: 0.3, fadeOutDuration: 0.2 } },
      { name: 'Slow', params: { fadeInDuration: 1, fadeOutDuration: 1 } },
      { name: 'Quick', params: { fadeInDuration: 0.1, fadeOutDuration: 0.1 } },
      { name: 'Dramatic', params: { fadeInDuration: 2, fadeOutDuration: 2 } },
    ])
    expect(EFFECT_PRESETS.fade).toBe(FADE_PRESETS)
  })
})
