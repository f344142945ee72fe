import * as ToggleGroup from '@radix-ui/react-toggle-group'
import type { ReactNode } from 'react'
import './ui.css'

export interface SegmentedOption<T extends string> {
  value: T
  label: string
  icon?: ReactNode
}

export interface SegmentedProps<T extends string> {
  label: string
  value: T
  options: readonly SegmentedOption<T>[]
  onChange: (value: T) => void
  disabled?: boolean
}

/** One choice of a few, side by side; arrows move between them. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: SegmentedProps<T>) {
  return (
    <div className="segmented control-row">
      <span className="control-label" aria-hidden="true">
        {label}
      </span>
      <ToggleGroup.Root
        type="single"
        className="segmented__group"
        aria-label={label}
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          // Clicking the chosen one again would clear it: a choice stays made.
          if (next) onChange(next as T)
        }}
      >
        {options.map((option) => (
          <ToggleGroup.Item
            key={option.value}
            value={option.value}
            className="segmented__item"
            aria-label={option.icon ? option.label : undefined}
            title={option.label}
          >
            {option.icon ?? option.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  )
}
