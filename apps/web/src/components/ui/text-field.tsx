import { useId } from 'react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import './ui.css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  hint?: ReactNode
  icon?: ReactNode
  hideLabel?: boolean
}

/** A labelled text input. */
export function TextField({ label, hint, icon, hideLabel, className, ...props }: TextFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={icon ? 'field__control field__control--icon' : 'field__control'}>
        {icon ? <span className="field__icon">{icon}</span> : null}
        <input id={id} className="field__input" aria-describedby={hintId} {...props} />
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
