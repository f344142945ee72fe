import { MAX_TEXT_LENGTH } from '@storyreel/core'
import type { Color, Effect, MovieParams } from '@storyreel/core'
import { AlignCenter, AlignLeft, AlignRight, EyeOff, Sparkles, Trash2, X } from 'lucide-react'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { IconButton } from '../../components/ui/icon-button'
import { Segmented } from '../../components/ui/segmented'
import { Slider } from '../../components/ui/slider'
import { Switch } from '../../components/ui/switch'
import { ColorField } from './color-field'
import { deleteEffect, setEffectParams } from './editor-doc'
import type { EffectMeta } from './editor-doc'
import { edit, openEffect } from './editor-store'
import { EffectIcon } from './effect-icons'
import {
  changeAt,
  effectFields,
  effectLabel,
  loneNumbers,
  paramLabel,
  presetApplied,
  presetChoices,
  valueAt,
} from './effect-fields'
import type { Field } from './effect-fields'
import { FontPicker } from './font-picker'

/** Decimals as fine as the slider's step. */
function formatter(step: number) {
  const decimals = step >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)))
  return (value: number) => value.toFixed(decimals)
}

const CHOICE_ICONS: Record<string, ReactNode> = {
  left: <AlignLeft size={18} aria-hidden="true" />,
  center: <AlignCenter size={18} aria-hidden="true" />,
  right: <AlignRight size={18} aria-hidden="true" />,
}

/** Text boxes stay within the movie (the composition refuses larger ones). */
function boxLimit(field: Field, movie: MovieParams): number {
  const side = field.path.length === 1 ? field.path[0] : null
  return side === 'width' ? movie.width : side === 'height' ? movie.height : Infinity
}

function TextArea({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="effect-field effect-field--text">
      <label htmlFor={id} className="control-label">
        {label}
      </label>
      <textarea
        id={id}
        className="effect-field__textarea"
        value={value}
        rows={2}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  )
}

function FieldControl({
  field,
  params,
  movie,
  wide,
  onChange,
}: {
  field: Field
  params: Record<string, unknown>
  movie: MovieParams
  wide: boolean
  onChange: (value: unknown) => void
}) {
  const value = valueAt(params, field.path)
  const disabled = field.enabledBy !== null && params[field.enabledBy] !== true
  switch (field.kind) {
    case 'number': {
      const max = Math.min(field.range.max, boxLimit(field, movie))
      const unset = typeof value !== 'number'
      const format = formatter(field.range.step)
      return (
        <div className={`effect-field effect-field--number${wide ? ' effect-field--wide' : ''}`}>
          <Slider
            label={field.label}
            value={unset ? field.range.min : value}
            min={field.range.min}
            max={max}
            step={field.range.step}
            disabled={disabled}
            format={(v) => (unset ? 'Auto' : format(v))}
            onChange={onChange}
          />
          {field.optional && !unset ? (
            <button
              type="button"
              className="link-button effect-field__auto"
              onClick={() => onChange(undefined)}
            >
              Auto {field.label.toLowerCase()}
            </button>
          ) : null}
        </div>
      )
    }
    case 'boolean':
      return (
        <Switch
          label={field.label}
          checked={value === true}
          disabled={disabled}
          onChange={onChange}
        />
      )
    case 'choice':
      return (
        <Segmented
          label={field.label}
          value={String(value)}
          disabled={disabled}
          options={field.options.map((option) => ({
            value: option,
            label: paramLabel(option),
            icon: CHOICE_ICONS[option],
          }))}
          onChange={onChange}
        />
      )
    case 'color':
      return <ColorField label={field.label} value={value as Color} onChange={onChange} />
    case 'font':
      return (
        <FontPicker
          label={field.label}
          value={String(value)}
          disabled={disabled}
          onChange={onChange}
        />
      )
    case 'text':
      return <TextArea label={field.label} value={String(value ?? '')} onChange={onChange} />
  }
}

export interface EffectPanelProps {
  slideIndex: number
  slideKey: string
  effectIndex: number
  effect: Effect
  meta: EffectMeta
  movie: MovieParams
  /** Names this effect among the slide's ('Text 2' for the second text). */
  title: string
  /** A text the captions stand in for while they are on: it says the slide's narration. */
  hiddenByCaptions: boolean
}

/**
 * Every param of one effect (SPEC section 3) with its preset menu and delete. Each change is an
 * edit: saved at once, undoable, drawn by the preview in its next frame.
 */
export function EffectPanel({
  slideIndex,
  slideKey,
  effectIndex,
  effect,
  meta,
  movie,
  title,
  hiddenByCaptions,
}: EffectPanelProps) {
  const params = effect.params as Record<string, unknown>
  const fields = effectFields(effect.name)
  const presets = presetChoices(effect.name, meta.aiParams)
  const lone = loneNumbers(fields)

  const change = (field: Field) => (value: unknown) =>
    edit(
      (doc) => setEffectParams(doc, slideIndex, effectIndex, changeAt(params, field.path, value)),
      {
        key: `${slideKey}/${meta.key}/${field.path.join('.')}`,
      },
    )

  return (
    <section className="effect-panel" aria-label={`${title} settings`}>
      <header className="effect-panel__head">
        <span className="effect-panel__icon">
          <EffectIcon name={effect.name} />
        </span>
        <div className="effect-panel__title">
          <h3>{title}</h3>
          {effect.description ? <p>{effect.description}</p> : null}
          {!effect.description && effect.source === 'AI' ? <p>Chosen by the AI</p> : null}
        </div>
        <IconButton
          label="Delete effect"
          variant="danger"
          icon={<Trash2 size={18} aria-hidden="true" />}
          onClick={() =>
            edit((doc) => deleteEffect(doc, slideIndex, effectIndex), { effectIndex: null })
          }
        />
        <IconButton
          label="Close effect settings"
          icon={<X size={18} aria-hidden="true" />}
          onClick={() => openEffect(null)}
        />
      </header>

      {hiddenByCaptions ? (
        <p className="effect-panel__note" role="note">
          <EyeOff size={16} aria-hidden="true" />
          Not shown while captions are on: they say these words as the narration speaks them.
        </p>
      ) : null}

      {presets.length > 0 ? (
        <div className="effect-panel__presets" role="group" aria-label="Presets">
          {presets.map((preset) => {
            const applied = presetApplied(params, preset)
            return (
              <button
                key={preset.name}
                type="button"
                className="preset-chip"
                aria-pressed={applied}
                onClick={() =>
                  edit((doc) =>
                    setEffectParams(doc, slideIndex, effectIndex, preset.params, preset.merge),
                  )
                }
              >
                {preset.merge ? null : <Sparkles size={14} aria-hidden="true" />}
                {preset.name}
              </button>
            )
          })}
        </div>
      ) : null}

      {fields.length > 0 ? (
        <div className="effect-panel__fields">
          {fields.map((field, i) => (
            <FieldControl
              key={field.path.join('.')}
              field={field}
              params={params}
              movie={movie}
              wide={lone.has(i)}
              onChange={change(field)}
            />
          ))}
        </div>
      ) : (
        <p className="effect-panel__empty">{effectLabel(effect.name)} has no settings.</p>
      )}
    </section>
  )
}
