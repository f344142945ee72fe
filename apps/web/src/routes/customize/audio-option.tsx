import type { ReactNode } from 'react'

/**
 * One choice of the Audio panel (a voice, a music track, Off): a radio with its title and a
 * detail line, and an action beside it (its preview button). The whole row is the radio's label,
 * 52 px tall, so a finger finds it.
 */
export function AudioOption({
  name,
  value,
  checked,
  title,
  detail,
  action,
  onChoose,
}: {
  name: string
  value: string
  checked: boolean
  title: string
  detail: string
  action: ReactNode
  onChoose: () => void
}) {
  return (
    <div className="audio-option" data-checked={checked || undefined}>
      <label className="audio-option__choice">
        <input
          type="radio"
          className="audio-option__radio"
          name={name}
          value={value}
          checked={checked}
          onChange={onChoose}
        />
        <span className="audio-option__text">
          <span className="audio-option__name">{title}</span>
          <span className="audio-option__detail">{detail}</span>
        </span>
      </label>
      {action}
    </div>
  )
}
