import { AI_GENERATED_PRESET_NAME, DEFAULT_SLIDER, EFFECTS, sliderRange } from '@storyreel/core'
import type { EffectName, SliderRange } from '@storyreel/core'
import { z } from 'zod'

/**
 * The controls of an effect's panel, read from its descriptor in core: its params schema says
 * each control's kind, the descriptor its slider range, what is hidden, what a switch enables and
 * which string is a font. Adding an effect in core adds its panel here with no code.
 */
interface FieldBase {
  /** Where the value sits in the params: ['fontSize'], or ['border', 'width']. */
  path: string[]
  label: string
  /** The boolean param that must be on for this control to be enabled. */
  enabledBy: string | null
}

export type Field = FieldBase &
  (
    | { kind: 'number'; range: SliderRange; optional: boolean }
    | { kind: 'boolean' }
    | { kind: 'choice'; options: string[] }
    | { kind: 'color' }
    | { kind: 'font' }
    | { kind: 'text' }
  )

/** The descriptor as this module reads it, its param names forgotten. */
interface LooseDescriptor {
  name: EffectName
  label: string
  params: z.ZodObject
  presets?: readonly { name: string; params: Record<string, unknown> }[]
  hidden?: readonly string[]
  enabledBy?: Partial<Record<string, string>>
  controls?: Partial<Record<string, 'font'>>
}

const DESCRIPTORS = new Map(
  (EFFECTS as readonly unknown[] as LooseDescriptor[]).map((d) => [d.name, d]),
)

function descriptor(name: EffectName): LooseDescriptor {
  return DESCRIPTORS.get(name)!
}

/** 'fadeInDuration' -> 'Fade in duration', 'startPositionX' -> 'Start position X'. */
export function paramLabel(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .replace(/\b([a-z])\b/g, (letter) => letter.toUpperCase())
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function unwrap(schema: z.ZodType): { type: z.ZodType; optional: boolean } {
  let type = schema
  let optional = false
  while (type instanceof z.ZodDefault || type instanceof z.ZodOptional) {
    if (type instanceof z.ZodOptional) optional = true
    type = type.unwrap() as z.ZodType
  }
  return { type, optional }
}

function isColor(type: z.ZodType): boolean {
  return type instanceof z.ZodObject && ['b', 'g', 'r'].every((k) => k in type.shape)
}

/** A nested number's range: its schema's bounds, by whole steps. */
function schemaRange(type: z.ZodNumber): SliderRange {
  const { minValue, maxValue } = type
  return minValue !== null && maxValue !== null && Number.isFinite(minValue + maxValue)
    ? { min: minValue, max: maxValue, step: 1 }
    : DEFAULT_SLIDER
}

function fieldsOf(d: LooseDescriptor, shape: z.ZodRawShape, parent: string[]): Field[] {
  return Object.entries(shape).flatMap(([param, schema]): Field[] => {
    const path = [...parent, param]
    const top = parent.length === 0
    if (top && d.hidden?.includes(param)) return []
    const { type, optional } = unwrap(schema as z.ZodType)
    const base: FieldBase = {
      path,
      label: paramLabel(path.join(' ')),
      enabledBy: (top && d.enabledBy?.[param]) || null,
    }
    if (top && d.controls?.[param] === 'font') return [{ ...base, kind: 'font' }]
    if (type instanceof z.ZodNumber) {
      const range = top ? sliderRange(d.name, param) : schemaRange(type)
      return [{ ...base, kind: 'number', range, optional }]
    }
    if (type instanceof z.ZodBoolean) return [{ ...base, kind: 'boolean' }]
    if (type instanceof z.ZodEnum) {
      return [{ ...base, kind: 'choice', options: type.options.map(String) }]
    }
    if (isColor(type)) return [{ ...base, kind: 'color' }]
    if (type instanceof z.ZodObject) return fieldsOf(d, type.shape, path)
    if (type instanceof z.ZodString) return [{ ...base, kind: 'text' }]
    return []
  })
}

const FIELDS = new Map<EffectName, Field[]>()

/** The controls of an effect's panel, in the order of its params. */
export function effectFields(name: EffectName): Field[] {
  let fields = FIELDS.get(name)
  if (!fields) {
    const d = descriptor(name)
    fields = fieldsOf(d, d.params.shape, [])
    FIELDS.set(name, fields)
  }
  return fields
}

/**
 * Which number fields take a whole row where the panel has two columns: numbers sit in pairs
 * (start and end, X and Y); a run of an odd count starts with a lone one.
 */
export function loneNumbers(fields: readonly Field[]): Set<number> {
  const lone = new Set<number>()
  let runStart = 0
  fields.forEach((field, i) => {
    const next = fields[i + 1]
    if (field.kind !== 'number') {
      runStart = i + 1
    } else if (next?.kind !== 'number' && (i - runStart + 1) % 2 === 1) {
      lone.add(runStart)
    }
  })
  return lone
}

export function effectLabel(name: EffectName): string {
  return descriptor(name).label
}

/** The value at a field's path. */
export function valueAt(params: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null,
    params,
  )
}

/**
 * The top-level params to merge for a new value at `path`: a nested value brings its siblings
 * along ({ border: { color, width } }).
 */
export function changeAt(
  params: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path
  if (head === undefined) return {}
  if (rest.length === 0) return { [head]: value }
  const inner = (params[head] ?? {}) as Record<string, unknown>
  return { [head]: { ...inner, ...changeAt(inner, rest, value) } }
}

export interface PresetChoice {
  name: string
  params: Record<string, unknown>
  /** Presets set some params and keep the rest; 'AI Generated' restores all of them. */
  merge: boolean
}

/** The effect's presets from core, then 'AI Generated' when the AI's params are known. */
export function presetChoices(
  name: EffectName,
  aiParams: Record<string, unknown> | undefined,
): PresetChoice[] {
  const presets = (descriptor(name).presets ?? []).map((p) => ({ ...p, merge: true }))
  return aiParams
    ? [...presets, { name: AI_GENERATED_PRESET_NAME, params: aiParams, merge: false }]
    : presets
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Whether the params are what the preset sets (the preset shows as chosen). */
export function presetApplied(params: Record<string, unknown>, preset: PresetChoice): boolean {
  const keys = Object.keys(preset.params)
  if (!preset.merge && keys.length !== Object.keys(params).length) return false
  return keys.every((key) => same(params[key], preset.params[key]))
}
