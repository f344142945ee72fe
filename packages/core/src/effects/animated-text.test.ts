import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, newEffect } from './index'
import { AnimatedTextParamsSchema, TEXT_MARGIN } from './animated-text'

// SPEC section 3, "Defaults for a new effect", text: 'Sample Text', size 72, Arial, white, fades 0.3
// in and 0.2 out, start position 50,50, end 60,40, text from 0.5 to 4, stream on, 8 chars per
// second, border black width 1.
const SPEC_TEXT_DEFAULTS = {
  text: 'Sample Text',
  fontSize: 72,
  font: 'Arial',
  color: { r: 255, g: 255, b: 255 },
  fadeInDuration: 0.3,
  fadeOutDuration: 0.2,
  startPositionX: 50,
  startPositionY: 50,
  endPositionX: 60,
  endPositionY: 40,
  textStart: 0.5,
  textEnd: 4,
  stream: true,
  charsPerSecond: 8,
  border: { color: { r: 0, g: 0, b: 0 }, width: 1 },
}

describe('animated_text defaults', () => {
  it('newEffect gives the spec values', () => {
    const effect = newEffect('animated_text')
    expect(effect.name).toBe('animated_text')
    expect(effect.params).toMatchObject(SPEC_TEXT_DEFAULTS)
  })

  it('EFFECT_DEFAULTS holds the spec values', () => {
    expect(EFFECT_DEFAULTS.animated_text).toMatchObject(SPEC_TEXT_DEFAULTS)
  })

  it('stream_text starts from the same values with streaming on', () => {
    expect(newEffect('stream_text').params).toMatchObject({ ...SPEC_TEXT_DEFAULTS, stream: true })
    expect(EFFECT_DEFAULTS.stream_text).toMatchObject({ ...SPEC_TEXT_DEFAULTS, stream: true })
  })

  it('an empty params object parses to the spec values', () => {
    expect(AnimatedTextParamsSchema.parse({})).toMatchObject(SPEC_TEXT_DEFAULTS)
  })

  it('rejects colour channels outside 0..255', () => {
    expect(AnimatedTextParamsSchema.safeParse({ color: { r: 256, g: 0, b: 0 } }).success).toBe(
      false,
    )
    expect(AnimatedTextParamsSchema.safeParse({ color: { r: -1, g: 0, b: 0 } }).success).toBe(false)
  })

  it('rejects a text box below the 50x30 minimum', () => {
    expect(AnimatedTextParamsSchema.safeParse({ width: 49 }).success).toBe(false)
    expect(AnimatedTextParamsSchema.safeParse({ height: 29 }).success).toBe(false)
    expect(AnimatedTextParamsSchema.safeParse({ width: 50, height: 30 }).success).toBe(true)
  })
})

describe('TEXT_MARGIN', () => {
  it('is 5 percent horizontal and 7 percent vertical (SPEC section 9)', () => {
    expect(TEXT_MARGIN).toEqual({ x: 5, y: 7 })
  })
})
