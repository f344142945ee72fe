import * as RadixSlider from '@radix-ui/react-slider'
import { useId } from 'react'
import './ui.css'

export interface SliderProps {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange: (value: number) => void
  disabled?: boolean
  /** The value as people read it; the number itself by default. */
  format?: (value: number) => string
}

/** A labelled slider with its value beside the label; arrows, Page Up/Down, Home and End work. */
export function Slider({ label, value, min, max, step, onChange, disabled, format }: SliderProps) {
  const id = useId()
  const shown = format ? format(value) : String(value)
  return (
    <div className="slider" data-disabled={disabled || undefined}>
      <div className="slider__head">
        <span id={id} className="control-label">
          {label}
        </span>
        <output className="slider__value" aria-hidden="true">
          {shown}
        </output>
      </div>
      <RadixSlider.Root
        className="slider__root"
        value={[Math.min(max, Math.max(min, value))]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next)
        }}
      >
        <RadixSlider.Track className="slider__track">
          <RadixSlider.Range className="slider__range" />
        </RadixSlider.Track>
        <RadixSlider.Thumb className="slider__thumb" aria-labelledby={id} aria-valuetext={shown} />
      </RadixSlider.Root>
    </div>
  )
}
