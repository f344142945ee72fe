import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, newEffect } from './index'

describe('fade', () => {
  it('a new fade is 0.3 in and 0.2 out', () => {
    expect(newEffect('fade').params).toEqual({ fadeInDuration: 0.3, fadeOutDuration: 0.2 })
    expect(EFFECT_DEFAULTS.fade).toEqual({ fadeInDuration: 0.3, fadeOutDuration: 0.2 })
  })
})
