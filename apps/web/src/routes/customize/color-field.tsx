import type { Color } from '@storyreel/core'
import { useId } from 'react'

const hex = (n: number) => n.toString(16).padStart(2, '0')
const colorToHex = ({ r, g, b }: Color) => `#${hex(r)}${hex(g)}${hex(b)}`
function hexToColor(value: string): Color {
  const n = Number.parseInt(value.slice(1), 16)
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 }
}

/** A colour of the frame (text, captions): the system's colour picker and its hex value. */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string
  value: Color
  onChange: (value: Color) => void
}) {
  const id = useId()
  const current = colorToHex(value)
  return (
    <div className="effect-field effect-field--color control-row">
      <label htmlFor={id} className="control-label">
        {label}
      </label>
      <span className="color-input">
        <input
          id={id}
          type="color"
          className="color-input__swatch"
          value={current}
          onChange={(event) => onChange(hexToColor(event.currentTarget.value))}
        />
        <span className="color-input__hex" aria-hidden="true">
          {current.toUpperCase()}
        </span>
      </span>
    </div>
  )
}
