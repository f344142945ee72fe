import * as RadixSwitch from '@radix-ui/react-switch'
import { useId } from 'react'
import './ui.css'

export interface SwitchProps {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

/** An on/off switch with its label; the whole row is the target. */
export function Switch({ label, checked, onChange, disabled }: SwitchProps) {
  const id = useId()
  return (
    <div className="switch control-row" data-disabled={disabled || undefined}>
      <label htmlFor={id} className="control-label">
        {label}
      </label>
      <RadixSwitch.Root
        id={id}
        className="switch__root"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      >
        <RadixSwitch.Thumb className="switch__thumb" />
      </RadixSwitch.Root>
    </div>
  )
}
