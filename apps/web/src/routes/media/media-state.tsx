import type { ReactNode } from 'react'

/** A tab's message in place of the grid: empty, not set up, or failed. */
export function MediaState({
  icon,
  title,
  text,
  action,
  alert = false,
}: {
  icon: ReactNode
  title: string
  text: ReactNode
  action?: ReactNode
  /** A failure: read out at once. */
  alert?: boolean
}) {
  return (
    <section className="media-state" role={alert ? 'alert' : undefined}>
      <span className="media-state__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="media-state__title">{title}</h2>
      <p className="media-state__text">{text}</p>
      {action ? <div className="media-state__action">{action}</div> : null}
    </section>
  )
}
