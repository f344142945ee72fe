import type { ButtonHTMLAttributes, ReactNode } from 'react'
import './ui.css'

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, also shown as the tooltip. */
  label: string
  icon: ReactNode
  variant?: 'plain' | 'soft' | 'danger' | 'overlay'
  /** Shows the label beside the icon. */
  showLabel?: boolean
}

/** A round button with an icon; 44 px on phones. */
export function IconButton({
  label,
  icon,
  variant = 'plain',
  showLabel = false,
  className,
  type = 'button',
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={[
        'icon-button',
        `icon-button--${variant}`,
        showLabel && 'icon-button--labelled',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      aria-label={showLabel ? undefined : label}
      title={label}
      {...props}
    >
      {icon}
      {showLabel ? <span>{label}</span> : null}
    </button>
  )
}
