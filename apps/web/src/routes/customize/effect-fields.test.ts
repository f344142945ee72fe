import {
  AI_GENERATED_PRESET_NAME,
  BORDER_WIDTH,
  EFFECTS,
  EFFECT_DEFAULTS,
  EFFECT_PRESETS,
  sliderRange,
} from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import {
  changeAt,
  effectFields,
  loneNumbers,
  paramLabel,
  presetApplied,
  presetChoices,
  valueAt,
} from './effect-fields'

const byLabel = (name: Parameters<typeof effectFields>[0]) =>
  new Map(effectFields(name).map((field) => [field.label, field]))

describe('effect panel fields', () => {
  it('name params in plain words', () => {
    expect(paramLabel('fadeInDuration')).toBe('Fade in duration')
    expect(paramLabel('startPositionX')).toBe('Start position X')
    expect(paramLabel('stream_words')).toBe('Stream words')
    expect(paramLabel('border color')).toBe('Border color')
  })

  it('cover every param an effect does not hide, with a control for its type', () => {
    for (const d of EFFECTS) {
      const shown = effectFields(d.name).map((field) => field.path[0])
      const expected = Object.keys(d.params.shape).filter(
        (param) => !(d.hidden as readonly string[] | undefined)?.includes(param),
      )
      expect(new Set(shown), d.name).toEqual(new Set(expected))
    }
  })

  it('slide numbers over the ranges of the descriptors, presets included', () => {
    const zoom = byLabel('zoom')
    expect(zoom.get('Zoom start')).toMatchObject({
      kind: 'number',
      range: sliderRange('zoom', 'zoomStart'),
    })
    for (const d of EFFECTS) {
      for (const preset of (EFFECT_PRESETS[d.name] ?? []) as readonly { params: object }[]) {
        for (const [param, value] of Object.entries(preset.params)) {
          const field = effectFields(d.name).find((f) => f.path.join('.') === param)
          if (field?.kind !== 'number') continue
          expect(value as number, `${d.name}.${param}`).toBeGreaterThanOrEqual(field.range.min)
          expect(value as number, `${d.name}.${param}`).toBeLessThanOrEqual(field.range.max)
        }
      }
    }
  })

  it('give text its font picker, colours, alignment, nested border and streaming switches', () => {
    const text = byLabel('animated_text')
    expect(text.get('Font')?.kind).toBe('font')
    expect(text.get('Text')?.kind).toBe('text')
    expect(text.get('Color')?.kind).toBe('color')
    expect(text.get('Align')).toMatchObject({
      kind: 'choice',
      options: ['left', 'center', 'right'],
    })
    expect(text.get('Border color')).toMatchObject({ kind: 'color', path: ['border', 'color'] })
    expect(text.get('Border width')).toMatchObject({
      kind: 'number',
      range: { min: BORDER_WIDTH.min, max: BORDER_WIDTH.max, step: 1 },
    })
    expect(text.get('Width')).toMatchObject({ kind: 'number', optional: true })
    expect(text.get('Chars per second')?.enabledBy).toBe('stream')
    expect(text.get('Stream words')?.enabledBy).toBe('stream')
    expect(text.get('Font size')?.enabledBy).toBeNull()
    expect(text.has('Scaled font size')).toBe(false)
    // Streaming text always streams: no switch, nothing waits for one.
    const stream = byLabel('stream_text')
    expect(stream.has('Stream')).toBe(false)
  })

  it('read and change nested values without losing their siblings', () => {
    const params = EFFECT_DEFAULTS.animated_text as unknown as Record<string, unknown>
    expect(valueAt(params, ['border', 'width'])).toBe(1)
    expect(changeAt(params, ['border', 'width'], 4)).toEqual({
      border: { color: { r: 0, g: 0, b: 0 }, width: 4 },
    })
    expect(changeAt(params, ['fontSize'], 90)).toEqual({ fontSize: 90 })
  })

  it("offer the type's presets, and 'AI Generated' restoring the AI's params", () => {
    expect(presetChoices('zoom', undefined).map((p) => p.name)).toEqual([
      'Default',
      'Quick',
      'Slow',
      'Extreme',
    ])
    const ai = { zoomStart: 100, zoomEnd: 118, focusX: 40, focusY: 60 }
    const choices = presetChoices('zoom', ai)
    const last = choices[choices.length - 1]!
    expect(last).toEqual({ name: AI_GENERATED_PRESET_NAME, params: ai, merge: false })
    expect(presetApplied(ai, last)).toBe(true)
    expect(presetApplied({ ...ai, zoomEnd: 119 }, last)).toBe(false)
    expect(presetApplied({ zoomStart: 120, zoomEnd: 200, focusX: 1 }, choices[1]!)).toBe(true)
    expect(presetChoices('pan', undefined)).toEqual([])
  })

  it('pair numbers for two columns, a run of an odd count starting with a lone one', () => {
    const labels = (name: Parameters<typeof effectFields>[0]) => {
      const fields = effectFields(name)
      return [...loneNumbers(fields)].map((i) => fields[i]!.label)
    }
    expect(labels('zoom')).toEqual([])
    expect(labels('animated_text')).toEqual(['Font size', 'Chars per second', 'Border width'])
    expect(labels('distort')).toEqual(['Take red from'])
  })
})
