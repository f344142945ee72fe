import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check } from 'lucide-react'
import type { CSSProperties, ReactNode } from 'react'
import './ui.css'

export interface MenuProps {
  /** The trigger: a button element (Radix passes it the menu's state and handlers). */
  trigger: ReactNode
  children: ReactNode
  /** Names the list of items. */
  label: string
  align?: 'start' | 'center' | 'end'
  className?: string
  onOpenChange?: (open: boolean) => void
}

/** A menu of actions or choices under a button; arrows, typing and Escape work. */
export function Menu({
  trigger,
  children,
  label,
  align = 'start',
  className,
  onOpenChange,
}: MenuProps) {
  return (
    <DropdownMenu.Root onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={['popover-card', 'menu', className].filter(Boolean).join(' ')}
          aria-label={label}
          align={align}
          sideOffset={8}
          collisionPadding={12}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

export function MenuItem({
  children,
  onSelect,
  disabled,
}: {
  children: ReactNode
  onSelect: () => void
  disabled?: boolean
}) {
  return (
    <DropdownMenu.Item className="menu__item" onSelect={onSelect} disabled={disabled}>
      {children}
    </DropdownMenu.Item>
  )
}

export function MenuRadioGroup({
  value,
  onChange,
  children,
}: {
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
      {children}
    </DropdownMenu.RadioGroup>
  )
}

export function MenuRadioItem({
  value,
  children,
  style,
}: {
  value: string
  children: ReactNode
  style?: CSSProperties
}) {
  return (
    <DropdownMenu.RadioItem value={value} className="menu__item menu__item--radio" style={style}>
      {children}
      <DropdownMenu.ItemIndicator className="menu__check">
        <Check size={16} aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  )
}
