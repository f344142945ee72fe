import type { ReactNode } from 'react'
import { BrandMark } from './brand'
import { Spinner } from './ui/spinner'
import './app.css'

/** Shown while the session is checked. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-label="Loading Storyreel">
      <BrandMark size={56} />
      <Spinner size={22} className="splash__spinner" />
    </div>
  )
}

/** A whole-page message with an optional action (errors, not found). */
export function FullPageMessage({
  title,
  text,
  action,
  icon,
}: {
  title: string
  text?: ReactNode
  action?: ReactNode
  icon?: ReactNode
}) {
  return (
    <div className="full-page">
      <div className="full-page__card">
        <div className="full-page__icon">{icon ?? <BrandMark size={48} />}</div>
        <h1 className="full-page__title">{title}</h1>
        {text ? <p className="full-page__text">{text}</p> : null}
        {action ? <div className="full-page__action">{action}</div> : null}
      </div>
    </div>
  )
}
