import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_MOVIE_SIDE } from '../limits'
import {
  BORDER_WIDTH,
  DEFAULT_SLIDER,
  EFFECT_DEFAULTS,
  EFFECT_LABELS,
  EFFECT_NAMES,
  EFFECT_PRESETS,
  EFFECTS,
  effectDescriptor,
  EffectSchema,
  MAX_TEXT_LENGTH,
  newEffect,
  sliderRange,
  type SliderRange,
} from './index'

// SPEC section 3: types animated_text, blur, distort, fade, vignette, zoom; pan has a label only;
// stream_text also appears.
const SPEC_EFFECT_NAMES = [
  'animated_text',
  'blur',
  'distort',
  'fade',
  'vignette',
  'zoom',
  'pan',
  'stream_text',
] as const

describe('the registry', () => {
  it('covers every effect type of the spec', () => {
    expect([...EFFECT_NAMES].sort()).toEqual([...SPEC_EFFECT_NAMES].sort())
  })

  it('derives the union, labels, defaults and presets from the descriptors', () => {
    expect(EffectSchema.options.map((o) => o.shape.name.value)).toEqual(EFFECT_NAMES)
    for (const [i, d] of EFFECTS.entries()) {
      expect(EffectSchema.options[i]?.shape.params, d.name).toBe(d.params)
      expect(EFFECT_LABELS[d.name], d.name).toBe(d.label)
      expect(EFFECT_DEFAULTS[d.name], d.name).toBe(d.defaults)
      expect(EFFECT_PRESETS[d.name], d.name).toBe(d.presets)
      expect(effectDescriptor(d.name), d.name).toBe(d)
    }
  })

  it('gives each effect a distinct name and a label', () => {
    expect(new Set(EFFECT_NAMES).size).toBe(EFFECTS.length)
    for (const d of EFFECTS) expect(d.label.trim(), d.name).not.toBe('')
  })
})

/** The zod type of one param, optional and default wrappers taken off. */
function paramType(schema: z.ZodObject, param: string): z.core.$ZodType | undefined {
  let type: z.core.$ZodType | undefined = schema.shape[param]
  while (type instanceof z.ZodOptional || type instanceof z.ZodDefault) type = type.unwrap()
  return type
}

describe('descriptors', () => {
  it('give slider ranges to numeric params only, each well formed', () => {
    for (const d of EFFECTS) {
      for (const [param, range] of Object.entries(d.sliders as Record<string, SliderRange>)) {
        expect(paramType(d.params, param), `${d.name}.${param}`).toBeInstanceOf(z.ZodNumber)
        expect(range.min, `${d.name}.${param}`).toBeLessThan(range.max)
        expect(range.step, `${d.name}.${param}`).toBeGreaterThan(0)
      }
    }
  })

  it('hide or toggle only params they have, toggled by a boolean param', () => {
    for (const d of EFFECTS) {
      const params = Object.keys(d.params.shape)
      for (const param of d.hidden ?? []) expect(params, d.name).toContain(param)
      for (const [param, toggle] of Object.entries((d.enabledBy ?? {}) as Record<string, string>)) {
        expect(params, d.name).toContain(param)
        expect(paramType(d.params, toggle), `${d.name}.${param}`).toBeInstanceOf(z.ZodBoolean)
      }
    }
  })

  it('load the benches with params within the bounds, at a cost of their own', () => {
    for (const d of EFFECTS) {
      expect(d.renderCost.weight, d.name).toBeGreaterThanOrEqual(0)
      expect(d.params.safeParse(d.renderCost.costliest).success, d.name).toBe(true)
      expect(d.params.safeParse(d.heaviest ?? {}).success, d.name).toBe(true)
    }
  })

  it('have defaults that parse to themselves', () => {
    for (const d of EFFECTS) expect(d.params.parse(d.defaults), d.name).toEqual(d.defaults)
  })

  it('accept every value their sliders produce, and nothing below them', () => {
    for (const d of EFFECTS) {
      for (const param of Object.keys(d.params.shape)) {
        if (!(paramType(d.params, param) instanceof z.ZodNumber)) continue
        if (d.hidden?.includes(param as never)) continue
        const { min, max } = sliderRange(d.name, param)
        const at = (value: number) => d.params.safeParse({ ...d.defaults, [param]: value }).success
        expect(at(min), `${d.name}.${param} = ${min}`).toBe(true)
        expect(at(max), `${d.name}.${param} = ${max}`).toBe(true)
        expect(at(min - 1), `${d.name}.${param} = ${min - 1}`).toBe(false)
      }
    }
  })
})

describe('bounds', () => {
  const text = (params: Record<string, unknown>) =>
    EffectSchema.safeParse({ name: 'animated_text', params }).success

  it('keep text short and its size, outline and box within what the editor makes', () => {
    expect(text({ text: 'x'.repeat(MAX_TEXT_LENGTH) })).toBe(true)
    expect(text({ text: 'x'.repeat(MAX_TEXT_LENGTH + 1) })).toBe(false)
    expect(text({ fontSize: 0.001 })).toBe(false)
    expect(text({ fontSize: 151 })).toBe(false)
    expect(text({ border: { color: { r: 0, g: 0, b: 0 }, width: BORDER_WIDTH.max + 1 } })).toBe(
      false,
    )
    expect(text({ width: MAX_MOVIE_SIDE })).toBe(true)
    expect(text({ width: 1e12 })).toBe(false)
    expect(text({ height: Infinity })).toBe(false)
    expect(text({ charsPerSecond: 1e9 })).toBe(false)
  })

  it('refuse numbers no slider reaches', () => {
    const parses = (name: string, params: Record<string, unknown>) =>
      EffectSchema.safeParse({ name, params }).success
    expect(parses('zoom', { zoomEnd: 1e6 })).toBe(false)
    expect(parses('distort', { turbulentDisplaceSize: 1e6 })).toBe(false)
    expect(parses('distort', { turbulentDisplaceEvolution: -1 })).toBe(false)
    expect(parses('vignette', { amount: 1e6 })).toBe(false)
    expect(parses('fade', { fadeInDuration: 11 })).toBe(false)
  })
})

describe('sliderRange', () => {
  it("reads the effect's own range and falls back to the default for other numbers", () => {
    expect(sliderRange('animated_text', 'startPositionX')).toEqual({
      min: -100,
      max: 200,
      step: 10,
    })
    expect(sliderRange('fade', 'fadeInDuration')).toEqual({ min: 0, max: 10, step: 0.1 })
    expect(sliderRange('distort', 'noiseAmount')).toBe(DEFAULT_SLIDER)
    expect(sliderRange('zoom', 'focusX')).toBe(DEFAULT_SLIDER)
  })

  it('streaming text has the sliders of text', () => {
    for (const param of Object.keys(EFFECT_DEFAULTS.animated_text)) {
      expect(sliderRange('stream_text', param), param).toEqual(sliderRange('animated_text', param))
    }
  })
})

describe('EffectSchema', () => {
  it('parses every effect type with its params', () => {
    const effects = [
      { name: 'zoom', params: { zoomStart: 120, zoomEnd: 200 } },
      { name: 'blur', params: { startBlur: 30, endBlur: 10 } },
      { name: 'fade', params: { fadeInDuration: 1, fadeOutDuration: 1 } },
      { name: 'vignette', params: { amount: 30, size: 0.5, roundness: 1, feather: 0.2 } },
      { name: 'distort', params: { takeRedFrom: 3, takeGreenFrom: 1, takeBlueFrom: 2 } },
      { name: 'animated_text', params: { text: 'Hello', fontSize: 40 } },
      { name: 'stream_text', params: { text: 'Hello', stream: true } },
      { name: 'pan', params: {} },
    ]
    for (const effect of effects) {
      const parsed = EffectSchema.safeParse(effect)
      expect(parsed.success, effect.name).toBe(true)
      expect(parsed.data?.name).toBe(effect.name)
      expect(parsed.data?.params).toMatchObject(effect.params)
    }
  })

  it('fills missing params from the spec defaults', () => {
    expect(EffectSchema.parse({ name: 'zoom', params: {} }).params).toEqual({
      zoomStart: 100,
      zoomEnd: 180,
    })
    expect(EffectSchema.parse({ name: 'blur', params: { startBlur: 70 } }).params).toEqual({
      startBlur: 70,
      endBlur: 0,
    })
    expect(EffectSchema.parse({ name: 'fade', params: { fadeOutDuration: 1 } }).params).toEqual({
      fadeInDuration: 0.3,
      fadeOutDuration: 1,
    })
    expect(EffectSchema.parse({ name: 'vignette', params: {} }).params).toMatchObject({
      amount: 50,
      size: 0.9,
      roundness: 0.7,
      feather: 0.8,
      animate: false,
    })
    expect(EffectSchema.parse({ name: 'distort', params: { noiseAmount: 40 } }).params).toEqual({
      takeRedFrom: 1,
      takeGreenFrom: 2,
      takeBlueFrom: 3,
      turbulentDisplaceAmount: 25,
      turbulentDisplaceSize: 120,
      turbulentDisplaceEvolution: 900,
      noiseAmount: 40,
    })
    expect(
      EffectSchema.parse({ name: 'animated_text', params: { text: 'Hi' } }).params,
    ).toMatchObject({
      text: 'Hi',
      fontSize: 72,
      font: 'Arial',
      color: { r: 255, g: 255, b: 255 },
      charsPerSecond: 8,
      border: { color: { r: 0, g: 0, b: 0 }, width: 1 },
    })
  })

  it('keeps the optional AI source and description', () => {
    const parsed = EffectSchema.parse({
      name: 'zoom',
      params: {},
      source: 'AI',
      description: 'Slow push-in on the subject',
    })
    expect(parsed.source).toBe('AI')
    expect(parsed.description).toBe('Slow push-in on the subject')
  })

  it('rejects unknown effect names', () => {
    expect(EffectSchema.safeParse({ name: 'sepia', params: {} }).success).toBe(false)
    expect(EffectSchema.safeParse({ name: '', params: {} }).success).toBe(false)
    expect(EffectSchema.safeParse({ params: {} }).success).toBe(false)
  })

  it('rejects channel 4 in distort', () => {
    expect(EffectSchema.safeParse({ name: 'distort', params: { takeRedFrom: 4 } }).success).toBe(
      false,
    )
  })

  it('accepts stream_text', () => {
    const parsed = EffectSchema.parse({ name: 'stream_text', params: { text: 'Streaming' } })
    expect(parsed.name).toBe('stream_text')
    expect(parsed.params).toMatchObject({ text: 'Streaming', stream: true, charsPerSecond: 8 })
  })

  // Checked by identity, not by mutation, so a failure here cannot leak into other tests.
  it('does not share nested defaults between parsed effects', () => {
    const a = EffectSchema.parse({ name: 'animated_text', params: {} })
    const b = EffectSchema.parse({ name: 'animated_text', params: {} })
    if (a.name !== 'animated_text' || b.name !== 'animated_text') throw new Error('wrong name')
    const defaults = EFFECT_DEFAULTS.animated_text
    expect(a.params.color).not.toBe(defaults.color)
    expect(a.params.color).not.toBe(b.params.color)
    expect(a.params.border).not.toBe(defaults.border)
    expect(a.params.border).not.toBe(b.params.border)
    expect(a.params.border.color).not.toBe(defaults.border.color)
    expect(a.params.border.color).not.toBe(b.params.border.color)
  })
})

describe('newEffect', () => {
  it('returns a valid effect for every name', () => {
    for (const name of SPEC_EFFECT_NAMES) {
      const effect = newEffect(name)
      expect(effect.name).toBe(name)
      expect(EffectSchema.safeParse(effect).success, name).toBe(true)
    }
  })

  it('returns independent objects', () => {
    const a = newEffect('animated_text')
    const b = newEffect('animated_text')
    expect(a).not.toBe(b)
    expect(a.params).not.toBe(b.params)
    expect(a.params).not.toBe(EFFECT_DEFAULTS.animated_text)
    a.params.text = 'Changed'
    a.params.color.r = 0
    a.params.border.color.b = 77
    a.params.border.width = 5
    expect(b.params.text).toBe('Sample Text')
    expect(b.params.color).toEqual({ r: 255, g: 255, b: 255 })
    expect(b.params.border).toEqual({ color: { r: 0, g: 0, b: 0 }, width: 1 })
    expect(EFFECT_DEFAULTS.animated_text.text).toBe('Sample Text')
    expect(EFFECT_DEFAULTS.animated_text.color).toEqual({ r: 255, g: 255, b: 255 })
    expect(EFFECT_DEFAULTS.animated_text.border).toEqual({ color: { r: 0, g: 0, b: 0 }, width: 1 })

    const zoom = newEffect('zoom')
    zoom.params.zoomStart = 1
    expect(newEffect('zoom').params.zoomStart).toBe(100)
    expect(EFFECT_DEFAULTS.zoom.zoomStart).toBe(100)
  })
})

describe('presets', () => {
  it('the effects with presets are blur, distort, fade, vignette and zoom', () => {
    expect(Object.keys(EFFECT_PRESETS).sort()).toEqual([
      'blur',
      'distort',
      'fade',
      'vignette',
      'zoom',
    ])
  })

  it('every preset parses as its effect', () => {
    for (const [name, presets] of Object.entries(EFFECT_PRESETS)) {
      for (const preset of presets ?? []) {
        expect(EffectSchema.safeParse({ name, params: preset.params }).success).toBe(true)
      }
    }
  })
})
